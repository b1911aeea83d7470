import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchEndpoint } from '@/components/api/fetch';
import { PROJECT_ENDPOINTS } from '@/lib/api/projects';
import { queryKeys } from './keys';

export function useCreateProjectMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; description?: string }) =>
      fetchEndpoint(PROJECT_ENDPOINTS.create, {}, { headers: { 'x-favindex-via': 'ui' }, json: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.projects() }),
  });
}
