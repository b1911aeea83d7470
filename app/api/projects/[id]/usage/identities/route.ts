import { identityUsageQuerySchema } from '@/lib/schemas/argument-usage';
import { usageWindow } from '@/lib/usage/window';
import { projectParams } from '@/server/http/params';
import { json } from '@/server/http/respond';
import { apiRoute } from '@/server/http/route';
import { identityUsage } from '@/server/usage/identities';

/** Who calls (§policy): calls, failures and policy refusals per token and client over the window. */
export const GET = apiRoute({ access: 'usage:read', params: projectParams, query: identityUsageQuerySchema, rule: '§policy' }, async ({ db, params, query }) =>
  json(await identityUsage(db, params.id, usageWindow(query.window, query.until ?? new Date()))),
);
