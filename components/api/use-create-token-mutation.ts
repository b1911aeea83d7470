import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { CreatedTokenView } from '@/lib/contracts/tokens';
import type { TokenScope } from '@/lib/schemas/tokens';
import { queryKeys } from './keys';

/** The answer holds the secret: show it once, then `reset()` the mutation so it leaves memory. */
export function useCreateTokenMutation(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; scopes: TokenScope[] }) =>
      apiFetch<CreatedTokenView>(`/api/projects/${encodeURIComponent(projectId)}/tokens`, { method: 'POST', json: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tokens(projectId) }),
  });
}
