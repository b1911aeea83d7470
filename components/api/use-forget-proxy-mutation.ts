import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchEndpoint } from '@/components/api/fetch';
import { PROXY_ENDPOINTS } from '@/lib/api/proxies';
import { queryKeys } from './keys';

/** Forget a proxy; what the project counts may change with it, so all of the project is read again. */
export function useForgetProxyMutation(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (proxyId: string) => fetchEndpoint(PROXY_ENDPOINTS.forget, { id: projectId, proxyId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.project(projectId) }),
  });
}
