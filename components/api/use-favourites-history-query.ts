import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { FavouritesHistory } from '@/lib/contracts/favourites';
import { queryKeys } from './keys';

export type { FavouritesHistoryEntry } from '@/lib/contracts/favourites';

/** GET /api/projects/:id/favourites/history: the latest `limit` changes, newest first. */
export function useFavouritesHistoryQuery(id: string, limit: number) {
  return useQuery({
    queryKey: queryKeys.favouritesHistory(id, limit),
    queryFn: () => apiFetch<FavouritesHistory>(`/api/projects/${encodeURIComponent(id)}/favourites/history?limit=${limit}`),
  });
}
