import { useQuery } from '@tanstack/react-query';
import { fetchEndpoint } from '@/components/api/fetch';
import { SURFACE_ENDPOINTS } from '@/lib/api/surface';
import { queryKeys } from './keys';

export function useSessionsQuery(id: string) {
  return useQuery({
    queryKey: queryKeys.sessions(id),
    queryFn: () => fetchEndpoint(SURFACE_ENDPOINTS.sessions, { id }, { query: { limit: 50 } }),
  });
}
