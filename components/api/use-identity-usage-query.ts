import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { IdentityUsage } from '@/lib/contracts/identity-usage';
import { queryKeys } from './keys';

/** GET /api/projects/:id/usage/identities: who calls over the usage page's window (§policy). */
export function useIdentityUsageQuery(id: string, params: { window: string; until?: string }) {
  const search = new URLSearchParams({ window: params.window });
  if (params.until) search.set('until', params.until);
  return useQuery({
    queryKey: queryKeys.identityUsage(id, params),
    queryFn: () => apiFetch<IdentityUsage>(`/api/projects/${encodeURIComponent(id)}/usage/identities?${search}`),
    placeholderData: keepPreviousData,
  });
}
