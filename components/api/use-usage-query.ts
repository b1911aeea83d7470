import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { UsageReport } from '@/lib/contracts/usage';
import { queryKeys } from './keys';

export interface UsageParams {
  window: string;
  until?: string;
  status?: 'all' | 'ok';
}

/** GET /api/projects/:id/usage, refreshed every 30 s while the page is open, every 3 s while the window has no call yet (a first call shows at once). */
export function useUsageQuery(id: string, params: UsageParams) {
  const search = new URLSearchParams({ window: params.window });
  if (params.until) search.set('until', params.until);
  if (params.status && params.status !== 'all') search.set('status', params.status);
  return useQuery({
    queryKey: queryKeys.usage(id, params),
    queryFn: () => apiFetch<UsageReport>(`/api/projects/${encodeURIComponent(id)}/usage?${search}`),
    // Switching windows keeps the old numbers on screen until the new ones arrive.
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.totals.calls === 0 ? 3_000 : 30_000),
  });
}
