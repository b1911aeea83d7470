import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { TokenView } from '@/lib/contracts/tokens';
import { queryKeys } from './keys';

export function useRevokeTokenMutation(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: string) =>
      apiFetch<TokenView>(`/api/projects/${encodeURIComponent(projectId)}/tokens/${encodeURIComponent(tokenId)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tokens(projectId) }),
  });
}
