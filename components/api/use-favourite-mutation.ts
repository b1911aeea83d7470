import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { FavouritesView, FavouritesWriteResult } from '@/lib/contracts/favourites';
import { move } from '@/lib/favourites/operations';
import type { FavouriteIndex } from '@/lib/schemas/favourites';
import { queryKeys } from './keys';

/** One favourites write from the dashboard; `ifMatch` makes it fail (412) if the list changed. */
export type FavouriteWrite =
  | { kind: 'pin'; tool: string; position?: number }
  | { kind: 'unpin'; tool: string }
  | { kind: 'move'; tool: string; to: number }
  | { kind: 'settings'; enabled?: boolean; maxFavourites?: number; ifMatch?: number }
  | { kind: 'replace'; index: FavouriteIndex; ifMatch: number };

/**
 * Writes to /api/projects/:id/favourites…, marked `X-Favindex-Via: ui` for the history. The
 * answer becomes the cached favourites at once; the rest of the project (history, usage,
 * suggestions, previews) is refetched.
 */
export function useFavouriteMutation(id: string) {
  const queryClient = useQueryClient();
  const base = `/api/projects/${encodeURIComponent(id)}/favourites`;
  return useMutation({
    mutationFn: (write: FavouriteWrite) => {
      const headers: Record<string, string> = { 'x-favindex-via': 'ui' };
      switch (write.kind) {
        case 'pin':
          return apiFetch<FavouritesWriteResult>(`${base}/pin`, { method: 'POST', headers, json: { tool: write.tool, position: write.position } });
        case 'unpin':
          return apiFetch<FavouritesWriteResult>(`${base}/unpin`, { method: 'POST', headers, json: { tool: write.tool } });
        case 'move':
          return apiFetch<FavouritesWriteResult>(`${base}/move`, { method: 'POST', headers, json: { tool: write.tool, to: write.to } });
        case 'settings': {
          if (write.ifMatch !== undefined) headers['if-match'] = `"${write.ifMatch}"`;
          return apiFetch<FavouritesWriteResult>(base, { method: 'PATCH', headers, json: { enabled: write.enabled, maxFavourites: write.maxFavourites } });
        }
        case 'replace':
          return apiFetch<FavouritesWriteResult>(base, { method: 'PUT', headers: { ...headers, 'if-match': `"${write.ifMatch}"` }, json: write.index });
      }
    },
    // A reorder shows at once (a dragged row must not jump back while the request runs).
    onMutate: async (write) => {
      if (write.kind !== 'move') return { previous: undefined };
      await queryClient.cancelQueries({ queryKey: queryKeys.favourites(id) });
      const previous = queryClient.getQueryData<FavouritesView>(queryKeys.favourites(id));
      if (previous?.tools.includes(write.tool)) {
        queryClient.setQueryData(queryKeys.favourites(id), { ...previous, tools: move(previous, write.tool, write.to).tools });
      }
      return { previous };
    },
    onError: (_err, _write, context) => {
      if (context?.previous) queryClient.setQueryData(queryKeys.favourites(id), context.previous);
    },
    onSuccess: (view) => queryClient.setQueryData(queryKeys.favourites(id), view),
    // Not awaited: the write is done when the server answers; the page takes the next one while
    // the rest of the project refreshes (awaiting it kept the page busy, refusing a quick move).
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.project(id) });
    },
  });
}
