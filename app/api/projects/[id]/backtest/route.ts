import { backtestQuerySchema } from '@/lib/schemas/impact';
import { backtestReport } from '@/server/impact/backtest';
import { projectParams } from '@/server/http/params';
import { json } from '@/server/http/respond';
import { apiRoute } from '@/server/http/route';

/** The suggestion rule, the pinned favourites and the best possible K, scored on each of the last weeks (§impact). */
export const GET = apiRoute({ access: 'usage:read', params: projectParams, query: backtestQuerySchema, rule: '§impact' }, async ({ db, params, query }) => {
  return json(await backtestReport(db, params.id, query));
});
