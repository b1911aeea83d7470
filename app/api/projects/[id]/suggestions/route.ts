import { USAGE_ENDPOINTS } from '@/lib/api/usage';
import { usageWindow } from '@/lib/usage/window';
import { answer, endpointRoute } from '@/server/http/endpoint-route';
import { suggestions } from '@/server/usage/usage';

/**
 * What to pin (§usage): the top tools of the window (maxFavourites of them unless `top` says),
 * what to add and remove to get there, and the project YAML (§yaml) that applies it.
 */
export const GET = endpointRoute(USAGE_ENDPOINTS.suggestions, async ({ app, params, query }) => {
  const window = usageWindow(query.window, query.until ?? new Date());
  return answer(200, await suggestions(app, params.id, window, query.top));
});
