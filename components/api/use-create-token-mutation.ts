import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchEndpoint } from '@/components/api/fetch';
import { TOKEN_ENDPOINTS } from '@/lib/api/tokens';
import type { TokenScope } from '@/lib/schemas/tokens';
import { queryKeys } from './keys';

/** The answer holds the secret: show it once, then `reset()` the mutation so it leaves memory. */
export function useCreateTokenMutation(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; scopes: TokenScope[] }) => fetchEndpoint(TOKEN_ENDPOINTS.create, { id: projectId }, { json: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tokens(projectId) }),
  });
}
