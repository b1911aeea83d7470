import { useQuery } from '@tanstack/react-query';
import type { ProjectView } from '@/lib/contracts/projects';
import { apiFetch } from '@/lib/api-client';
import { queryKeys } from './keys';

export function useProjectQuery(id: string) {
  return useQuery({
    queryKey: queryKeys.project(id),
    queryFn: () => apiFetch<ProjectView>(`/api/projects/${encodeURIComponent(id)}`),
  });
}
