import { useQuery } from '@tanstack/react-query';
import { fetchEndpoint } from '@/components/api/fetch';
import { BAKEOFF_ENDPOINTS } from '@/lib/api/bakeoffs';
import { queryKeys } from './keys';

/** GET /api/projects/:id/bakeoffs: the runs kept, newest first. */
export function useBakeoffsQuery(id: string) {
  return useQuery({
    queryKey: queryKeys.bakeoffs(id),
    queryFn: () => fetchEndpoint(BAKEOFF_ENDPOINTS.list, { id }),
  });
}
