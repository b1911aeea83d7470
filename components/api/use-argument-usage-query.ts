import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/components/api/fetch';
import type { ArgumentUsage } from '@/lib/contracts/arguments';
import { queryKeys } from './keys';

export interface ArgumentUsageParams {
  window: string;
  until?: string;
  model?: string;
  client?: string;
  /** The name of the token that sent the calls (§policy). */
  token?: string;
}

/** The query string of GET /api/projects/:id/usage/arguments: what is left out is every model or client. */
export function argumentUsageSearch(params: ArgumentUsageParams): URLSearchParams {
  const search = new URLSearchParams({ window: params.window });
  if (params.until) search.set('until', params.until);
  if (params.model) search.set('model', params.model);
  if (params.client) search.set('client', params.client);
  if (params.token) search.set('token', params.token);
  return search;
}

/** GET /api/projects/:id/usage/arguments: why calls fail over the usage page's window (§arguments). */
export function useArgumentUsageQuery(id: string, params: ArgumentUsageParams) {
  return useQuery({
    queryKey: queryKeys.argumentUsage(id, params),
    queryFn: () => apiFetch<ArgumentUsage>(`/api/projects/${encodeURIComponent(id)}/usage/arguments?${argumentUsageSearch(params)}`),
    // A new filter keeps the old table on screen until the new one arrives.
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}
