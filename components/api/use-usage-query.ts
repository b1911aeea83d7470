import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchEndpoint } from '@/components/api/fetch';
import { USAGE_ENDPOINTS } from '@/lib/api/usage';
import { queryKeys } from './keys';

export interface UsageParams {
  window: string;
  until?: string;
  status?: 'all' | 'ok';
}

/** GET /api/projects/:id/usage, refreshed every 30 s while the page is open, every 3 s while the window has no call yet (a first call shows at once). */
export function useUsageQuery(id: string, params: UsageParams) {
  const query = { window: params.window, until: params.until || undefined, status: params.status === 'ok' ? params.status : undefined };
  return useQuery({
    queryKey: queryKeys.usage(id, params),
    queryFn: () => fetchEndpoint(USAGE_ENDPOINTS.report, { id }, { query }),
    // Switching windows keeps the old numbers on screen until the new ones arrive.
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.totals.calls === 0 ? 3_000 : 30_000),
  });
}
