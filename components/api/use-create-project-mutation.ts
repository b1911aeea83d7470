import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { ProjectView } from '@/lib/contracts/projects';
import { queryKeys } from './keys';

export function useCreateProjectMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; description?: string }) =>
      apiFetch<ProjectView>('/api/projects', { method: 'POST', headers: { 'x-favindex-via': 'ui' }, json: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.projects() }),
  });
}
