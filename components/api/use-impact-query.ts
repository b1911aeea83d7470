import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { ImpactReport } from '@/lib/contracts/impact';
import { queryKeys } from './keys';

export interface ImpactParams {
  revision?: number;
  favouritesVersion?: number;
  baseline?: number;
  window: string;
}

/** GET /api/projects/:id/impact: the revisions, and one change judged. */
export function useImpactQuery(id: string, params: ImpactParams) {
  const search = new URLSearchParams({ window: params.window });
  if (params.revision) search.set('revision', String(params.revision));
  if (params.favouritesVersion) search.set('favouritesVersion', String(params.favouritesVersion));
  if (params.baseline) search.set('baseline', String(params.baseline));
  return useQuery({
    queryKey: queryKeys.impact(id, params),
    queryFn: () => apiFetch<ImpactReport>(`/api/projects/${encodeURIComponent(id)}/impact?${search}`),
    placeholderData: keepPreviousData,
  });
}
