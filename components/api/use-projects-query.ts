import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { ProjectList } from '@/lib/contracts/projects';
import { queryKeys } from './keys';

export function useProjectsQuery() {
  return useQuery({
    queryKey: queryKeys.projects(),
    queryFn: () => apiFetch<ProjectList>('/api/projects'),
  });
}
