import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { ProxyList } from '@/lib/contracts/proxies';
import { queryKeys } from './keys';

/** Proxies report every 30 s: reading again as often keeps "last seen" and "connected" true. */
const REFRESH_MS = 15_000;

export function useProxiesQuery(projectId: string) {
  return useQuery({
    queryKey: queryKeys.proxies(projectId),
    queryFn: () => apiFetch<ProxyList>(`/api/projects/${encodeURIComponent(projectId)}/proxies`),
    refetchInterval: REFRESH_MS,
  });
}
