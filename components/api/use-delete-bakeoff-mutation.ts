import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchEndpoint } from '@/components/api/fetch';
import { BAKEOFF_ENDPOINTS } from '@/lib/api/bakeoffs';
import { queryKeys } from './keys';

/** Delete a bake-off run; the list is read again. */
export function useDeleteBakeoffMutation(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (run: string) => fetchEndpoint(BAKEOFF_ENDPOINTS.forget, { id: projectId, runId: run }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.bakeoffs(projectId) }),
  });
}
