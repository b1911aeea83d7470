import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchEndpoint } from '@/components/api/fetch';
import { FAVOURITE_ENDPOINTS } from '@/lib/api/favourites';
import type { FavouritesView } from '@/lib/contracts/favourites';
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
  return useMutation({
    mutationFn: (write: FavouriteWrite) => {
      const headers: Record<string, string> = { 'x-favindex-via': 'ui' };
      const params = { id };
      switch (write.kind) {
        case 'pin':
          return fetchEndpoint(FAVOURITE_ENDPOINTS.pin, params, { headers, json: { tool: write.tool, position: write.position } });
        case 'unpin':
          return fetchEndpoint(FAVOURITE_ENDPOINTS.unpin, params, { headers, json: { tool: write.tool } });
        case 'move':
          return fetchEndpoint(FAVOURITE_ENDPOINTS.move, params, { headers, json: { tool: write.tool, to: write.to } });
        case 'settings': {
          if (write.ifMatch !== undefined) headers['if-match'] = `"${write.ifMatch}"`;
          return fetchEndpoint(FAVOURITE_ENDPOINTS.settings, params, { headers, json: { enabled: write.enabled, maxFavourites: write.maxFavourites } });
        }
        case 'replace':
          return fetchEndpoint(FAVOURITE_ENDPOINTS.replace, params, { headers: { ...headers, 'if-match': `"${write.ifMatch}"` }, json: write.index });
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
