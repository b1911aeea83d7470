import { useQuery } from '@tanstack/react-query';
import { fetchEndpoint } from '@/components/api/fetch';
import { FINDABILITY_ENDPOINTS } from '@/lib/api/findability';
import { queryKeys } from './keys';

export function useTestQueriesQuery(id: string) {
  return useQuery({
    queryKey: queryKeys.testQueries(id),
    queryFn: () => fetchEndpoint(FINDABILITY_ENDPOINTS.queries, { id }),
  });
}
