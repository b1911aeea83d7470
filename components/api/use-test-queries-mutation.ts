import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchEndpoint } from '@/components/api/fetch';
import { FINDABILITY_ENDPOINTS } from '@/lib/api/findability';
import type { TestQuery } from '@/lib/contracts/findability';
import { queryKeys } from './keys';

/**
 * PUT the whole list; the findability reports, which read it, are fetched again in the background:
 * the save is done when the list is, so the form is free again before the reports are back.
 */
export function useTestQueriesMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (queries: TestQuery[]) => fetchEndpoint(FINDABILITY_ENDPOINTS.replaceQueries, { id }, { json: { queries } }),
    onSuccess: (list) => {
      queryClient.setQueryData(queryKeys.testQueries(id), list);
      void queryClient.invalidateQueries({ queryKey: ['project', id, 'findability'] });
    },
  });
}
