import { useQuery } from '@tanstack/react-query';
import { fetchEndpoint } from '@/components/api/fetch';
import { FAVOURITE_ENDPOINTS } from '@/lib/api/favourites';
import { queryKeys } from './keys';

export type { FavouritesHistoryEntry } from '@/lib/contracts/favourites';

/** GET /api/projects/:id/favourites/history: the latest `limit` changes, newest first. */
export function useFavouritesHistoryQuery(id: string, limit: number) {
  return useQuery({
    queryKey: queryKeys.favouritesHistory(id, limit),
    queryFn: () => fetchEndpoint(FAVOURITE_ENDPOINTS.history, { id }, { query: { limit } }),
  });
}
