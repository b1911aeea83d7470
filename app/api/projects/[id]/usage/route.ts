import { usageQuerySchema } from '@/lib/schemas/usage';
import { usageWindow } from '@/lib/usage/window';
import { projectParams } from '@/server/http/params';
import { json } from '@/server/http/respond';
import { apiRoute } from '@/server/http/route';
import { usageReport } from '@/server/usage/usage';

/** Usage over a window (§usage): ranked tools, totals, the daily series, coverage and unresolved names. */
export const GET = apiRoute({ access: 'usage:read', params: projectParams, query: usageQuerySchema, rule: '§usage' }, async ({ app, params, query }) => {
  const window = usageWindow(query.window, query.until ?? new Date());
  return json(await usageReport(app, params.id, window, query));
});
