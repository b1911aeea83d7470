import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { ProjectView } from '@/lib/contracts/projects';
import type { UpdateProjectInput } from '@/lib/schemas/projects';
import { queryKeys } from './keys';

/** PATCH a project; everything shown of it (previews, surface, header) is fetched again. */
export function useUpdateProjectMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Partial<UpdateProjectInput>) => apiFetch<ProjectView>(`/api/projects/${encodeURIComponent(id)}`, { method: 'PATCH', json: input }),
    onSuccess: (view) => {
      queryClient.setQueryData(queryKeys.project(id), view);
      return queryClient.invalidateQueries({ queryKey: queryKeys.project(id) });
    },
  });
}
