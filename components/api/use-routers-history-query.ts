import { useQuery } from '@tanstack/react-query';
import { fetchEndpoint } from '@/components/api/fetch';
import { ROUTER_ENDPOINTS } from '@/lib/api/routers';
import { queryKeys } from './keys';

export type { RoutersHistoryEntry } from '@/lib/contracts/routers';

/** GET /api/projects/:id/routers/history: the latest `limit` changes, newest first. */
export function useRoutersHistoryQuery(id: string, limit: number) {
  return useQuery({
    queryKey: queryKeys.routersHistory(id, limit),
    queryFn: () => fetchEndpoint(ROUTER_ENDPOINTS.history, { id }, { query: { limit } }),
  });
}
