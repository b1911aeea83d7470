import { useQuery } from '@tanstack/react-query';
import { fetchEndpoint } from '@/components/api/fetch';
import { PROJECT_ENDPOINTS } from '@/lib/api/projects';
import { queryKeys } from './keys';

export function useProjectsQuery() {
  return useQuery({
    queryKey: queryKeys.projects(),
    queryFn: () => fetchEndpoint(PROJECT_ENDPOINTS.list, {}),
  });
}
