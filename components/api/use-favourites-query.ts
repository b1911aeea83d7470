import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { FavouritesView } from '@/lib/contracts/favourites';
import { queryKeys } from './keys';

/** GET /api/projects/:id/favourites: the pinned list, its version, and its flags. */
export function useFavouritesQuery(id: string) {
  return useQuery({
    queryKey: queryKeys.favourites(id),
    queryFn: () => apiFetch<FavouritesView>(`/api/projects/${encodeURIComponent(id)}/favourites`),
  });
}
