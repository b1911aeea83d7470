import { useQuery } from '@tanstack/react-query';
import { fetchEndpoint } from '@/components/api/fetch';
import { USAGE_ENDPOINTS } from '@/lib/api/usage';
import { queryKeys } from './keys';

/** GET /api/usage: every project's calls per day over the last `window` (the projects list's sparklines). */
export function useUsageOverviewQuery(window = '7d') {
  return useQuery({
    queryKey: queryKeys.usageOverview({ window }),
    queryFn: () => fetchEndpoint(USAGE_ENDPOINTS.overview, {}, { query: { window } }),
    refetchInterval: 60_000,
  });
}
