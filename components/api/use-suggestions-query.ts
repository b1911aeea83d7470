import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { SuggestionsResponse } from '@/lib/contracts/suggestions';
import { queryKeys } from './keys';

/** GET /api/projects/:id/suggestions: the top tools of the window as favourites, ★ on pinned ones. */
export function useSuggestionsQuery(id: string, params: { window: string; top?: number }) {
  const search = new URLSearchParams({ window: params.window });
  if (params.top) search.set('top', String(params.top));
  return useQuery({
    queryKey: queryKeys.suggestions(id, params),
    queryFn: () => apiFetch<SuggestionsResponse>(`/api/projects/${encodeURIComponent(id)}/suggestions?${search}`),
  });
}
