import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { ProjectView } from '@/lib/contracts/projects';
import { queryKeys } from './keys';

export function useProjectQuery(id: string) {
  return useQuery({
    queryKey: queryKeys.project(id),
    queryFn: () => apiFetch<ProjectView>(`/api/projects/${encodeURIComponent(id)}`),
  });
}
