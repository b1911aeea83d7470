import { useQuery } from '@tanstack/react-query';
import { fetchEndpoint } from '@/components/api/fetch';
import { PROJECT_ENDPOINTS } from '@/lib/api/projects';
import { queryKeys } from './keys';

export function useProjectQuery(id: string) {
  return useQuery({
    queryKey: queryKeys.project(id),
    queryFn: () => fetchEndpoint(PROJECT_ENDPOINTS.read, { id }),
  });
}
