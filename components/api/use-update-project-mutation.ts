import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchEndpoint } from '@/components/api/fetch';
import { PROJECT_ENDPOINTS } from '@/lib/api/projects';
import type { UpdateProjectInput } from '@/lib/schemas/projects';
import { queryKeys } from './keys';

/** PATCH a project; everything shown of it (previews, surface, header) is fetched again. */
export function useUpdateProjectMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Partial<UpdateProjectInput>) => fetchEndpoint(PROJECT_ENDPOINTS.update, { id }, { json: input }),
    onSuccess: (view) => {
      queryClient.setQueryData(queryKeys.project(id), view);
      return queryClient.invalidateQueries({ queryKey: queryKeys.project(id) });
    },
  });
}
