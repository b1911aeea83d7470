import { getDb } from '@/db/client';
import { namespaceDays } from '@/db/queries/usage/namespace-days';
import { usageProjectState } from '@/db/queries/usage/project-state';
import { toolUsage } from '@/db/queries/usage/tool-usage';
import { unresolvedNames } from '@/db/queries/usage/unresolved-names';
import { json } from '@/lib/http/respond';
import { apiRoute } from '@/lib/http/route';
import { parseQuery } from '@/lib/http/validate';
import { usageQuerySchema } from '@/lib/schemas/usage';
import { buildUsageReport } from '@/lib/usage/report';
import { usageWindow } from '@/lib/usage/window';

type Params = { id: string };

/** Usage over a window (§usage): ranked tools, totals, the daily series, coverage and unresolved names. */
export const GET = apiRoute<Params>('usage:read', async ({ req, params }) => {
  const query = parseQuery(usageQuerySchema, req.url, '§usage');
  const window = usageWindow(query.window, query.until ?? new Date());
  const db = await getDb();
  // Independent reads of the rollup: on PostgreSQL they run on separate connections at once.
  const [{ favourites, catalog }, usage, days, unresolved] = await Promise.all([
    usageProjectState(db, params.id),
    toolUsage(db, params.id, window, query.status),
    namespaceDays(db, params.id, window, query.status),
    unresolvedNames(db, params.id, window, query.status),
  ]);
  return json(
    buildUsageReport({ project: params.id, window, status: query.status, top: query.top, usage, namespaceDays: days, unresolved, favourites, catalog }),
  );
});
