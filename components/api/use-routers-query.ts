import { useQuery } from '@tanstack/react-query';
import { fetchEndpoint } from '@/components/api/fetch';
import { ROUTER_ENDPOINTS } from '@/lib/api/routers';
import { queryKeys } from './keys';

/** GET /api/projects/:id/routers: the routers and singletons, their version, and the tools the catalog lacks (§routers). */
export function useRoutersQuery(id: string) {
  return useQuery({
    queryKey: queryKeys.routers(id),
    queryFn: () => fetchEndpoint(ROUTER_ENDPOINTS.read, { id }),
  });
}
