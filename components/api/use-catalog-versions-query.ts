import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { CatalogVersionsResponse } from '@/lib/contracts/catalog';
import { queryKeys } from './keys';

/** A server's catalog history, newest first; fetched only when `enabled` (the section is open). */
export function useCatalogVersionsQuery(id: string, server: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.catalogVersions(id, server),
    queryFn: () => apiFetch<CatalogVersionsResponse>(`/api/projects/${encodeURIComponent(id)}/catalog/${encodeURIComponent(server)}/versions`),
    enabled,
  });
}
