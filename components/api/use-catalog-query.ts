import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { CatalogResponse } from '@/lib/contracts/catalog';
import { queryKeys } from './keys';

/** `waitingMs`: poll this often, for a page that waits on a proxy to upload its servers' tools. */
export function useCatalogQuery(id: string, { waitingMs }: { waitingMs?: number | false } = {}) {
  return useQuery({
    queryKey: queryKeys.catalog(id),
    queryFn: () => apiFetch<CatalogResponse>(`/api/projects/${encodeURIComponent(id)}/catalog`),
    // Live-synced catalogs change on their own (list_changed, schedule): keep the view current.
    refetchInterval: (query) => waitingMs || (query.state.data?.servers.some((s) => s.sync) ? 10_000 : false),
  });
}
