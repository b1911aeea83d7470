import { suggestionsQuerySchema } from '@/lib/schemas/usage';
import { usageWindow } from '@/lib/usage/window';
import { projectParams } from '@/server/http/params';
import { json } from '@/server/http/respond';
import { apiRoute } from '@/server/http/route';
import { suggestions } from '@/server/usage/usage';

/**
 * What to pin (§usage): the top tools of the window (maxFavourites of them unless `top` says),
 * what to add and remove to get there, and the project YAML (§yaml) that applies it.
 */
export const GET = apiRoute({ access: 'usage:read', params: projectParams, query: suggestionsQuerySchema, rule: '§usage' }, async ({ app, params, query }) => {
  const window = usageWindow(query.window, query.until ?? new Date());
  return json(await suggestions(app, params.id, window, query.top));
});
