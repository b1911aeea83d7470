import { useQuery } from '@tanstack/react-query';
import type { CatalogVersionView } from '@/lib/contracts/catalog';
import { apiFetch } from '@/lib/api-client';
import { queryKeys } from './keys';

export interface CatalogVersionsResponse {
  server: string;
  versions: CatalogVersionView[];
}

/** A server's catalog history, newest first; fetched only when `enabled` (the section is open). */
export function useCatalogVersionsQuery(id: string, server: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.catalogVersions(id, server),
    queryFn: () => apiFetch<CatalogVersionsResponse>(`/api/projects/${encodeURIComponent(id)}/catalog/${encodeURIComponent(server)}/versions`),
    enabled,
  });
}
