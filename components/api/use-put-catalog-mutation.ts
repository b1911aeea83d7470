import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { PutCatalogResult } from '@/lib/contracts/catalog';
import type { CatalogTool } from '@/lib/schemas/catalog';
import { queryKeys } from './keys';

/**
 * PUT /api/projects/:id/catalog/:server with a tools/list result (an upload from the Catalog
 * tab). A new catalog version can resolve stored calls, so the whole project is refreshed.
 */
export function usePutCatalogMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ server, tools }: { server: string; tools: CatalogTool[] }) =>
      apiFetch<PutCatalogResult>(`/api/projects/${encodeURIComponent(id)}/catalog/${encodeURIComponent(server)}`, { method: 'PUT', json: { tools } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.project(id) }),
  });
}
