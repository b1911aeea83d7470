import { useQuery } from '@tanstack/react-query';
import type { ProjectView } from '@/lib/contracts/projects';
import { apiFetch } from '@/lib/api-client';
import { queryKeys } from './keys';

export function useProjectsQuery() {
  return useQuery({
    queryKey: queryKeys.projects(),
    queryFn: () => apiFetch<{ projects: ProjectView[] }>('/api/projects'),
  });
}
