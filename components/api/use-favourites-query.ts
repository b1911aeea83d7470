import { useQuery } from '@tanstack/react-query';
import { fetchEndpoint } from '@/components/api/fetch';
import { FAVOURITE_ENDPOINTS } from '@/lib/api/favourites';
import { queryKeys } from './keys';

/** GET /api/projects/:id/favourites: the pinned list, its version, and its flags. */
export function useFavouritesQuery(id: string) {
  return useQuery({
    queryKey: queryKeys.favourites(id),
    queryFn: () => fetchEndpoint(FAVOURITE_ENDPOINTS.read, { id }),
  });
}
