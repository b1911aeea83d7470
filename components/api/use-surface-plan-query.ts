import { useQuery } from '@tanstack/react-query';
import { fetchEndpoint } from '@/components/api/fetch';
import { SURFACE_ENDPOINTS } from '@/lib/api/surface';
import type { SurfaceConfig } from '@/lib/schemas/surface-config';
import { queryKeys } from './keys';

/** POST /api/projects/:id/surface/plan for a proposed config (none: nothing asked). A POST that saves nothing, so a query. */
export function useSurfacePlanQuery(id: string, proposed: SurfaceConfig | null) {
  return useQuery({
    queryKey: queryKeys.surfacePlan(id, proposed ?? {}),
    // Not enabled without a proposed config, so it always sends one.
    queryFn: ({ signal }) => fetchEndpoint(SURFACE_ENDPOINTS.plan, { id }, { json: proposed ? { surface: proposed } : undefined, signal }),
    enabled: proposed !== null,
    // A plan is read once per ask: refetching under the reader would move what they are confirming.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}
