import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchEndpoint } from '@/components/api/fetch';
import { ROUTER_ENDPOINTS } from '@/lib/api/routers';
import { queryKeys } from './keys';

export type { PlacementView, RouterSuggestionsView, RouterSuggestionView } from '@/lib/contracts/router-suggestions';

export interface RouterSuggestionsPage {
  limit: number;
  offset: number;
  unplacedLimit: number;
  unplacedOffset: number;
}

/**
 * GET /api/projects/:id/routers/suggestions: a page of suggested routers and one of the tools
 * placed nowhere, over the routers in force (§routers). The page on screen stays while the next
 * one loads, so paging does not blank the list.
 */
export function useRouterSuggestionsQuery(id: string, page: RouterSuggestionsPage) {
  return useQuery({
    queryKey: queryKeys.routerSuggestions(id, page),
    queryFn: () => fetchEndpoint(ROUTER_ENDPOINTS.suggestions, { id }, { query: { ...page } }),
    placeholderData: keepPreviousData,
  });
}
