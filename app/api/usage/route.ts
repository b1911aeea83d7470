import { usageOverviewQuerySchema } from '@/lib/schemas/usage';
import { usageWindow } from '@/lib/usage/window';
import { json } from '@/server/http/respond';
import { apiRoute } from '@/server/http/route';
import { usageOverview } from '@/server/usage/usage';

/** Every project's calls per day over a short window (default 7d): the projects list's sparklines. */
export const GET = apiRoute({ access: 'admin', query: usageOverviewQuerySchema, rule: '§usage' }, async ({ db, query }) => {
  return json(await usageOverview(db, usageWindow(query.window, query.until ?? new Date())));
});
