import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { UsageOverview } from '@/lib/contracts/usage';
import { queryKeys } from './keys';

/** GET /api/usage: every project's calls per day over the last `window` (the projects list's sparklines). */
export function useUsageOverviewQuery(window = '7d') {
  return useQuery({
    queryKey: queryKeys.usageOverview({ window }),
    queryFn: () => apiFetch<UsageOverview>(`/api/usage?window=${window}`),
    refetchInterval: 60_000,
  });
}
