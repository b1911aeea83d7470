import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchEndpoint } from '@/components/api/fetch';
import { BAKEOFF_ENDPOINTS } from '@/lib/api/bakeoffs';
import { queryKeys } from './keys';

/** GET /api/projects/:id/bakeoffs/:run: one run measured; nothing is asked before a run is chosen. */
export function useBakeoffRunQuery(id: string, run: string | null) {
  return useQuery({
    queryKey: queryKeys.bakeoffRun(id, run ?? ''),
    queryFn: () => fetchEndpoint(BAKEOFF_ENDPOINTS.view, { id, runId: run ?? '' }),
    enabled: run !== null,
    placeholderData: keepPreviousData,
  });
}
