import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchEndpoint } from '@/components/api/fetch';
import { CATALOG_ENDPOINTS } from '@/lib/api/catalog';
import type { CatalogTool } from '@/lib/schemas/catalog';
import { queryKeys } from './keys';

/**
 * PUT /api/projects/:id/catalog/:server with a tools/list result (an upload from the Catalog
 * tab). A new catalog version can resolve stored calls, so the whole project is refreshed.
 */
export function usePutCatalogMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ server, tools }: { server: string; tools: CatalogTool[] }) => fetchEndpoint(CATALOG_ENDPOINTS.upload, { id, server }, { json: { tools } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.project(id) }),
  });
}
