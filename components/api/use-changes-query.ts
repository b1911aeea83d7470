import { useQuery } from '@tanstack/react-query';
import { ApiClientError, fetchEndpoint } from '@/components/api/fetch';
import { CHANGE_ENDPOINTS } from '@/lib/api/changes';
import { queryKeys } from './keys';

/** How often an open project page asks what changed: a change shows within about this. */
export const CHANGES_POLL_MS = 1_500;

/**
 * GET /api/projects/:id/changes, polled while the tab is visible (react-query pauses an interval
 * in a hidden tab). A refused answer (the project is gone) is not asked again.
 */
export function useChangesQuery(id: string) {
  return useQuery({
    queryKey: queryKeys.changes(id),
    queryFn: () => fetchEndpoint(CHANGE_ENDPOINTS.changes, { id }),
    refetchInterval: (query) => (query.state.error instanceof ApiClientError && !query.state.error.envelope.retryable ? false : CHANGES_POLL_MS),
    refetchIntervalInBackground: false,
    staleTime: 0,
    retry: false,
  });
}
