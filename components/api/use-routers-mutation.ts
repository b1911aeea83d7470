import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchEndpoint } from '@/components/api/fetch';
import { ROUTER_ENDPOINTS } from '@/lib/api/routers';
import type { RoutersWriteResult } from '@/lib/contracts/routers';
import type { RoutersConfig } from '@/lib/schemas/routers';
import { queryKeys } from './keys';

/**
 * One routers write from the dashboard: the whole config over the version it was made from, or
 * an undo of the change that made a version (412 either way if the routers changed meanwhile).
 */
export type RoutersWrite = { kind: 'replace'; config: RoutersConfig; ifMatch: number } | { kind: 'undo'; ifMatch: number };

/**
 * Writes to /api/projects/:id/routers…, marked `X-Favindex-Via: ui` for the history. The answer
 * becomes the cached routers at once; the rest of the project (history, previews) is refetched.
 */
export function useRoutersMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (write: RoutersWrite): Promise<RoutersWriteResult> => {
      const headers = { 'x-favindex-via': 'ui', 'if-match': `"${write.ifMatch}"` };
      if (write.kind === 'undo') return await fetchEndpoint(ROUTER_ENDPOINTS.undo, { id }, { headers });
      return await fetchEndpoint(ROUTER_ENDPOINTS.replace, { id }, { headers, json: write.config });
    },
    onSuccess: (result) => queryClient.setQueryData(queryKeys.routers(id), result),
    // Not awaited, as the favourites' writes: the write is done when the server answers.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.project(id) });
    },
  });
}
