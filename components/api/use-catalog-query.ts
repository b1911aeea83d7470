import { useQuery } from '@tanstack/react-query';
import { fetchEndpoint } from '@/components/api/fetch';
import { CATALOG_ENDPOINTS } from '@/lib/api/catalog';
import { queryKeys } from './keys';

/** `waitingMs`: poll this often, for a page that waits on a proxy to upload its servers' tools. */
export function useCatalogQuery(id: string, { waitingMs }: { waitingMs?: number | false } = {}) {
  return useQuery({
    queryKey: queryKeys.catalog(id),
    queryFn: () => fetchEndpoint(CATALOG_ENDPOINTS.list, { id }),
    // Live-synced catalogs change on their own (list_changed, schedule): keep the view current.
    refetchInterval: (query) => waitingMs || (query.state.data?.servers.some((s) => s.sync) ? 10_000 : false),
  });
}
