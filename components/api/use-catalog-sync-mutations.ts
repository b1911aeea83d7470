import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { SyncResult } from '@/lib/contracts/catalog-sync';
import type { SyncRegistration } from '@/lib/schemas/catalog-sync';
import { queryKeys } from './keys';

const syncPath = (id: string, server: string) => `/api/projects/${encodeURIComponent(id)}/catalog/${encodeURIComponent(server)}/sync`;

/** Every sync change can touch the catalog, its versions and the resolved events: refresh the project. */
function useProjectInvalidation(id: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.project(id) });
}

export function useRegisterSyncMutation(id: string) {
  const invalidate = useProjectInvalidation(id);
  return useMutation({
    mutationFn: ({ server, ...input }: { server: string } & Partial<SyncRegistration> & { url: string }) =>
      apiFetch<SyncResult>(syncPath(id, server), { method: 'PUT', json: input }),
    onSuccess: invalidate,
  });
}

export function useSyncNowMutation(id: string) {
  const invalidate = useProjectInvalidation(id);
  return useMutation({
    mutationFn: (server: string) => apiFetch<SyncResult>(syncPath(id, server), { method: 'POST' }),
    // A failed sync is recorded as the server's last error: show that too.
    onSettled: invalidate,
  });
}

export function useStopSyncMutation(id: string) {
  const invalidate = useProjectInvalidation(id);
  return useMutation({
    mutationFn: (server: string) => apiFetch<void>(syncPath(id, server), { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
