import { useQuery } from '@tanstack/react-query';
import { fetchEndpoint } from '@/components/api/fetch';
import { USAGE_ENDPOINTS } from '@/lib/api/usage';
import { queryKeys } from './keys';

/** GET /api/projects/:id/suggestions: the top tools of the window as favourites, ★ on pinned ones. */
export function useSuggestionsQuery(id: string, params: { window: string; top?: number }) {
  const query = { window: params.window, top: params.top || undefined };
  return useQuery({
    queryKey: queryKeys.suggestions(id, params),
    queryFn: () => fetchEndpoint(USAGE_ENDPOINTS.suggestions, { id }, { query }),
  });
}
