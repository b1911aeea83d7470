import { useQuery } from '@tanstack/react-query';
import { fetchEndpoint } from '@/components/api/fetch';
import { CATALOG_ENDPOINTS } from '@/lib/api/catalog';
import { queryKeys } from './keys';

/** A server's catalog history, newest first; fetched only when `enabled` (the section is open). */
export function useCatalogVersionsQuery(id: string, server: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.catalogVersions(id, server),
    queryFn: () => fetchEndpoint(CATALOG_ENDPOINTS.versions, { id, server }),
    enabled,
  });
}
