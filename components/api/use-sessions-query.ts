import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/components/api/fetch';
import type { SessionList } from '@/lib/contracts/sessions';
import { queryKeys } from './keys';

export function useSessionsQuery(id: string) {
  return useQuery({
    queryKey: queryKeys.sessions(id),
    queryFn: () => apiFetch<SessionList>(`/api/projects/${encodeURIComponent(id)}/sessions?limit=50`),
  });
}
