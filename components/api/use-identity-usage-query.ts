import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchEndpoint } from '@/components/api/fetch';
import { USAGE_ENDPOINTS } from '@/lib/api/usage';
import { queryKeys } from './keys';

/** GET /api/projects/:id/usage/identities: who calls over the usage page's window (§policy). */
export function useIdentityUsageQuery(id: string, params: { window: string; until?: string }) {
  const query = { window: params.window, until: params.until || undefined };
  return useQuery({
    queryKey: queryKeys.identityUsage(id, params),
    queryFn: () => fetchEndpoint(USAGE_ENDPOINTS.identities, { id }, { query }),
    placeholderData: keepPreviousData,
  });
}
