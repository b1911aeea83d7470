import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { TestQueryList } from '@/lib/contracts/findability';
import { queryKeys } from './keys';

export function useTestQueriesQuery(id: string) {
  return useQuery({
    queryKey: queryKeys.testQueries(id),
    queryFn: () => apiFetch<TestQueryList>(`/api/projects/${encodeURIComponent(id)}/findability/queries`),
  });
}
