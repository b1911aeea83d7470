import { impactQuerySchema } from '@/lib/schemas/impact';
import { impactReport } from '@/server/impact/impact';
import { projectParams } from '@/server/http/params';
import { json } from '@/server/http/respond';
import { apiRoute } from '@/server/http/route';

/** The surface revisions with their calls, and one change judged with bootstrap intervals (§impact). */
export const GET = apiRoute({ access: 'usage:read', params: projectParams, query: impactQuerySchema, rule: '§impact' }, async ({ db, params, query }) => {
  return json(await impactReport(db, params.id, query));
});
