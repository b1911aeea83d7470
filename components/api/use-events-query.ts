import { type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/components/api/fetch';
import type { EventList } from '@/lib/contracts/events';
import { queryKeys } from './keys';

export interface EventsParams {
  limit?: number;
  kind?: 'tool' | 'meta' | 'unresolved';
  sessionId?: string;
  /** The `next` cursor of the page before: reads the events older than it. */
  before?: string;
}

/**
 * `refetchInterval` may be a function of the last answer, e.g. poll only while there are no events;
 * `placeholderData` (keepPreviousData) keeps one page drawn while the next loads.
 */
export function useEventsQuery(id: string, params: EventsParams = {}, options: Pick<UseQueryOptions<EventList>, 'refetchInterval' | 'placeholderData'> = {}) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  return useQuery({
    queryKey: queryKeys.events(id, params),
    queryFn: () => apiFetch<EventList>(`/api/projects/${encodeURIComponent(id)}/events?${search}`),
    refetchInterval: options.refetchInterval,
    placeholderData: options.placeholderData,
  });
}
