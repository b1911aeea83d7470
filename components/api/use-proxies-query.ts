import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchEndpoint } from '@/components/api/fetch';
import { PROXY_ENDPOINTS } from '@/lib/api/proxies';
import { queryKeys } from './keys';

/** Proxies report every 30 s: reading again as often keeps "last seen" and "connected" true. */
const REFRESH_MS = 15_000;

/** The query, for a component that needs the answer at a click (ensureQueryData) as well as on screen. */
export function proxiesQuery(projectId: string) {
  return queryOptions({
    queryKey: queryKeys.proxies(projectId),
    queryFn: () => fetchEndpoint(PROXY_ENDPOINTS.list, { id: projectId }),
  });
}

export function useProxiesQuery(projectId: string) {
  return useQuery({ ...proxiesQuery(projectId), refetchInterval: REFRESH_MS });
}
