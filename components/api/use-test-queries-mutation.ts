import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { TestQuery, TestQueryList } from '@/lib/contracts/findability';
import { queryKeys } from './keys';

/**
 * PUT the whole list; the findability reports, which read it, are fetched again in the background:
 * the save is done when the list is, so the form is free again before the reports are back.
 */
export function useTestQueriesMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (queries: TestQuery[]) =>
      apiFetch<TestQueryList>(`/api/projects/${encodeURIComponent(id)}/findability/queries`, { method: 'PUT', json: { queries } }),
    onSuccess: (list) => {
      queryClient.setQueryData(queryKeys.testQueries(id), list);
      void queryClient.invalidateQueries({ queryKey: ['project', id, 'findability'] });
    },
  });
}
