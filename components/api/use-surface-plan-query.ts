import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/components/api/fetch';
import type { SurfacePlan } from '@/lib/contracts/surface-plan';
import type { SurfaceConfig } from '@/lib/schemas/surface-config';
import { queryKeys } from './keys';

/** POST /api/projects/:id/surface/plan for a proposed config (none: nothing asked). A POST that saves nothing, so a query. */
export function useSurfacePlanQuery(id: string, proposed: SurfaceConfig | null) {
  return useQuery({
    queryKey: queryKeys.surfacePlan(id, proposed ?? {}),
    queryFn: ({ signal }) =>
      apiFetch<SurfacePlan>(`/api/projects/${encodeURIComponent(id)}/surface/plan`, { method: 'POST', json: { surface: proposed }, signal }),
    enabled: proposed !== null,
    // A plan is read once per ask: refetching under the reader would move what they are confirming.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}
