import { findabilityQuerySchema } from '@/lib/schemas/findability';
import { findabilityReport } from '@/server/findability/findability';
import { projectParams } from '@/server/http/params';
import { json } from '@/server/http/respond';
import { apiRoute } from '@/server/http/route';

/** Whether a deferring client's search finds each tool it defers, who beats it, and what to change (§surface). */
export const GET = apiRoute({ access: 'admin', params: projectParams, query: findabilityQuerySchema, rule: '§surface' }, async ({ app, params, query }) => {
  return json(await findabilityReport(app, params.id, query));
});
