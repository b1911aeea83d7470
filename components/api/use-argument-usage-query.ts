import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchEndpoint } from '@/components/api/fetch';
import { USAGE_ENDPOINTS } from '@/lib/api/usage';
import { queryKeys } from './keys';

export interface ArgumentUsageParams {
  window: string;
  until?: string;
  model?: string;
  client?: string;
  /** The name of the token that sent the calls (§policy). */
  token?: string;
}

/** GET /api/projects/:id/usage/arguments: why calls fail over the usage page's window (§arguments). */
export function useArgumentUsageQuery(id: string, params: ArgumentUsageParams) {
  return useQuery({
    queryKey: queryKeys.argumentUsage(id, params),
    // What is left out of the query is every model, client or token.
    queryFn: () =>
      fetchEndpoint(
        USAGE_ENDPOINTS.arguments,
        { id },
        { query: { ...params, model: params.model || undefined, client: params.client || undefined, token: params.token || undefined } },
      ),
    // A new filter keeps the old table on screen until the new one arrives.
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}
