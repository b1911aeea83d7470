import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { BacktestReport } from '@/lib/contracts/backtest';
import { queryKeys } from './keys';

/**
 * GET /api/projects/:id/backtest: the suggestion rule, the pinned favourites and the best K,
 * week by week; `weeks: null` leaves the number of weeks to the server (as far back as the calls go).
 */
export function useBacktestQuery(id: string, params: { weeks: number | null; train: string }) {
  const search = new URLSearchParams({ train: params.train });
  if (params.weeks !== null) search.set('weeks', String(params.weeks));
  return useQuery({
    queryKey: queryKeys.backtest(id, params),
    queryFn: () => apiFetch<BacktestReport>(`/api/projects/${encodeURIComponent(id)}/backtest?${search}`),
    placeholderData: keepPreviousData,
  });
}
