import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchEndpoint } from '@/components/api/fetch';
import { IMPACT_ENDPOINTS } from '@/lib/api/impact';
import { queryKeys } from './keys';

export interface ImpactParams {
  revision?: number;
  favouritesVersion?: number;
  baseline?: number;
  window: string;
}

/** GET /api/projects/:id/impact: the revisions, and one change judged. */
export function useImpactQuery(id: string, params: ImpactParams) {
  // 0 is "not chosen", as an absent parameter is.
  const query = {
    window: params.window,
    revision: params.revision || undefined,
    favouritesVersion: params.favouritesVersion || undefined,
    baseline: params.baseline || undefined,
  };
  return useQuery({
    queryKey: queryKeys.impact(id, params),
    queryFn: () => fetchEndpoint(IMPACT_ENDPOINTS.report, { id }, { query }),
    placeholderData: keepPreviousData,
  });
}
