import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { queryKeys } from './keys';

/** Forget a proxy; what the project counts may change with it, so all of the project is read again. */
export function useForgetProxyMutation(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (proxyId: string) =>
      apiFetch<void>(`/api/projects/${encodeURIComponent(projectId)}/proxies/${encodeURIComponent(proxyId)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.project(projectId) }),
  });
}
