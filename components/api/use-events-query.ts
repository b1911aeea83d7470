import { type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { EventList } from '@/lib/contracts/events';
import { queryKeys } from './keys';

export interface EventsParams {
  limit?: number;
  kind?: 'tool' | 'meta' | 'unresolved';
  sessionId?: string;
}

/** `refetchInterval` may be a function of the last answer, e.g. poll only while there are no events. */
export function useEventsQuery(id: string, params: EventsParams = {}, options: Pick<UseQueryOptions<EventList>, 'refetchInterval'> = {}) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  return useQuery({
    queryKey: queryKeys.events(id, params),
    queryFn: () => apiFetch<EventList>(`/api/projects/${encodeURIComponent(id)}/events?${search}`),
    refetchInterval: options.refetchInterval,
  });
}
