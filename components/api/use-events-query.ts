import { useQuery } from '@tanstack/react-query';
import type { EventView } from '@/lib/contracts/events';
import { apiFetch } from '@/lib/api-client';
import { queryKeys } from './keys';

export interface EventsParams {
  limit?: number;
  kind?: 'tool' | 'meta' | 'unresolved';
  sessionId?: string;
}

export function useEventsQuery(id: string, params: EventsParams = {}, options: { refetchInterval?: number } = {}) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  return useQuery({
    queryKey: queryKeys.events(id, params),
    queryFn: () => apiFetch<{ events: EventView[]; next: string | null }>(`/api/projects/${encodeURIComponent(id)}/events?${search}`),
    refetchInterval: options.refetchInterval,
  });
}
