import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchEndpoint } from '@/components/api/fetch';
import { IMPACT_ENDPOINTS } from '@/lib/api/impact';
import { queryKeys } from './keys';

/**
 * GET /api/projects/:id/backtest: the suggestion rule, the pinned favourites and the best K,
 * week by week; `weeks: null` leaves the number of weeks to the server (as far back as the calls go).
 */
export function useBacktestQuery(id: string, params: { weeks: number | null; train: string }) {
  const query = { train: params.train, weeks: params.weeks ?? undefined };
  return useQuery({
    queryKey: queryKeys.backtest(id, params),
    queryFn: () => fetchEndpoint(IMPACT_ENDPOINTS.backtest, { id }, { query }),
    placeholderData: keepPreviousData,
  });
}
