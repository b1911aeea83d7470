import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchEndpoint } from '@/components/api/fetch';
import { CATALOG_ENDPOINTS } from '@/lib/api/catalog';
import type { SyncRegistration } from '@/lib/schemas/catalog-sync';
import { queryKeys } from './keys';

/** Every sync change can touch the catalog, its versions and the resolved events: refresh the project. */
function useProjectInvalidation(id: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.project(id) });
}

export function useRegisterSyncMutation(id: string) {
  const invalidate = useProjectInvalidation(id);
  return useMutation({
    mutationFn: ({ server, ...input }: { server: string } & Partial<SyncRegistration> & { url: string }) =>
      fetchEndpoint(CATALOG_ENDPOINTS.register, { id, server }, { json: input }),
    onSuccess: invalidate,
  });
}

export function useSyncNowMutation(id: string) {
  const invalidate = useProjectInvalidation(id);
  return useMutation({
    mutationFn: (server: string) => fetchEndpoint(CATALOG_ENDPOINTS.syncNow, { id, server }),
    // A failed sync is recorded as the server's last error: show that too.
    onSettled: invalidate,
  });
}

export function useStopSyncMutation(id: string) {
  const invalidate = useProjectInvalidation(id);
  return useMutation({
    mutationFn: (server: string) => fetchEndpoint(CATALOG_ENDPOINTS.unregister, { id, server }),
    onSuccess: invalidate,
  });
}
