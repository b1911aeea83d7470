import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchEndpoint } from '@/components/api/fetch';
import { TOKEN_ENDPOINTS } from '@/lib/api/tokens';
import { queryKeys } from './keys';

export function useRevokeTokenMutation(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: string) => fetchEndpoint(TOKEN_ENDPOINTS.revoke, { id: projectId, tokenId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tokens(projectId) }),
  });
}
