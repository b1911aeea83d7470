import { useQuery } from '@tanstack/react-query';
import type { CatalogServerView } from '@/lib/contracts/catalog';
import { apiFetch } from '@/lib/api-client';
import { queryKeys } from './keys';

export interface CatalogResponse {
  project: string;
  toolCount: number;
  servers: CatalogServerView[];
}

export function useCatalogQuery(id: string) {
  return useQuery({
    queryKey: queryKeys.catalog(id),
    queryFn: () => apiFetch<CatalogResponse>(`/api/projects/${encodeURIComponent(id)}/catalog`),
    // Live-synced catalogs change on their own (list_changed, schedule): keep the view current.
    refetchInterval: (query) => (query.state.data?.servers.some((s) => s.sync) ? 10_000 : false),
  });
}
