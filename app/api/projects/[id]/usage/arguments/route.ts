import { argumentUsageQuerySchema } from '@/lib/schemas/argument-usage';
import { usageWindow } from '@/lib/usage/window';
import { projectParams } from '@/server/http/params';
import { json } from '@/server/http/respond';
import { apiRoute } from '@/server/http/route';
import { argumentUsage } from '@/server/usage/arguments';

/** Why calls fail, per tool, model and client (§arguments): well-formed rates, first call right, classes and wrong keys. */
export const GET = apiRoute(
  { access: 'usage:read', params: projectParams, query: argumentUsageQuerySchema, rule: '§arguments' },
  async ({ db, params, query }) => {
    const window = usageWindow(query.window, query.until ?? new Date());
    return json(await argumentUsage(db, params.id, window, { model: query.model, client: query.client, token: query.token }));
  },
);
