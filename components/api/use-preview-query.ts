import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchEndpoint } from '@/components/api/fetch';
import { SURFACE_ENDPOINTS } from '@/lib/api/surface';
import { queryKeys } from './keys';

/** The preview's query parameters; undefined ones fall back to the project's surface config. */
export interface PreviewParams {
  mode?: string;
  target?: string;
  /** The MCP client the names go through (raw: as the proxy presents them). */
  client?: string;
  naming?: string;
  /** The MCP revision the lists are built for (default: the one the client most likely uses). */
  protocol?: string;
  /** The model family and tool-search settings that decide what the client defers (lib/surface/deferral.ts). */
  model?: string;
  toolSearch?: string;
  toolSearchPercent?: string;
  contextWindow?: string;
  serverAlwaysLoad?: string;
  providerSearch?: string;
  cap?: number;
  agentTools?: string;
  maxToolsPerRequest?: number;
  maxActivatedToolsPerSession?: number;
  maxPinnedServers?: number;
  retrieveK?: number;
  session?: string;
  step?: number;
  /** The identity previewed (§policy): a token's name and the client name a session gives. */
  token?: string;
  sessionClient?: string;
  query?: string;
  detail?: 'full' | 'names';
  /** A page of each list (0: the summary alone), from offset, among the tools filter keeps, in sort's order (`name.asc`). */
  limit?: number;
  offset?: number;
  filter?: string;
  sort?: string;
}

/** The query as sent: a control left empty is not sent, so the project's config decides. */
export function previewQuery(params: PreviewParams): Record<string, string | number | undefined> {
  return Object.fromEntries(Object.entries(params).map(([key, value]) => [key, value === '' ? undefined : value]));
}

export function usePreviewQuery(id: string, params: PreviewParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.preview(id, params),
    queryFn: () => fetchEndpoint(SURFACE_ENDPOINTS.preview, { id }, { query: previewQuery(params) }),
    // Keep the last preview on screen while a changed control loads the next one.
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}
