import { useQuery } from '@tanstack/react-query';
import type { SessionSummary } from '@/lib/contracts/sessions';
import { apiFetch } from '@/lib/api-client';
import { queryKeys } from './keys';

export function useSessionsQuery(id: string) {
  return useQuery({
    queryKey: queryKeys.sessions(id),
    queryFn: () => apiFetch<{ sessions: SessionSummary[] }>(`/api/projects/${encodeURIComponent(id)}/sessions?limit=50`),
  });
}
