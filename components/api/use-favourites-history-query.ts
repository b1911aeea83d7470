import { useQuery } from '@tanstack/react-query';
import type { FavouriteChangeView } from '@/lib/contracts/favourites';
import { apiFetch } from '@/lib/api-client';
import type { ChangeSummary } from '@/lib/favourites/change-summary';
import { queryKeys } from './keys';

export interface FavouritesHistoryEntry extends FavouriteChangeView {
  summary: ChangeSummary;
  description: string;
}

/** GET /api/projects/:id/favourites/history: the latest `limit` changes, newest first. */
export function useFavouritesHistoryQuery(id: string, limit: number) {
  return useQuery({
    queryKey: queryKeys.favouritesHistory(id, limit),
    queryFn: () =>
      apiFetch<{ currentVersion: number; changes: FavouritesHistoryEntry[]; next: number | null }>(
        `/api/projects/${encodeURIComponent(id)}/favourites/history?limit=${limit}`,
      ),
  });
}
