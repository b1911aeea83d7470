import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { BacktestReport } from '@/lib/contracts/backtest';
import { queryKeys } from './keys';

/** GET /api/projects/:id/backtest: the suggestion rule, the pinned favourites and the best K, week by week. */
export function useBacktestQuery(id: string, params: { weeks: number; train: string }) {
  const search = new URLSearchParams({ weeks: String(params.weeks), train: params.train });
  return useQuery({
    queryKey: queryKeys.backtest(id, params),
    queryFn: () => apiFetch<BacktestReport>(`/api/projects/${encodeURIComponent(id)}/backtest?${search}`),
    placeholderData: keepPreviousData,
  });
}
