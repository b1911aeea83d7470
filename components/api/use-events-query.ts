import { type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { fetchEndpoint } from '@/components/api/fetch';
import { EVENT_ENDPOINTS } from '@/lib/api/events';
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
 * `placeholderData` (keepPreviousData) keeps one page drawn while the next loads; `enabled` false
 * asks nothing yet.
 */
export function useEventsQuery(
  id: string,
  params: EventsParams = {},
  options: Pick<UseQueryOptions<EventList>, 'refetchInterval' | 'placeholderData' | 'enabled'> = {},
) {
  return useQuery({
    queryKey: queryKeys.events(id, params),
    queryFn: () => fetchEndpoint(EVENT_ENDPOINTS.list, { id }, { query: { ...params } }),
    refetchInterval: options.refetchInterval,
    placeholderData: options.placeholderData,
    enabled: options.enabled,
  });
}
