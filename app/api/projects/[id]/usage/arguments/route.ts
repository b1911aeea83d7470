import { USAGE_ENDPOINTS } from '@/lib/api/usage';
import { usageWindow } from '@/lib/usage/window';
import { answer, endpointRoute } from '@/server/http/endpoint-route';
import { argumentUsage } from '@/server/usage/arguments';

/** Why calls fail, per tool, model and client (§arguments): well-formed rates, first call right, classes and wrong keys. */
export const GET = endpointRoute(USAGE_ENDPOINTS.arguments, async ({ db, params, query }) => {
  const window = usageWindow(query.window, query.until ?? new Date());
  return answer(200, await argumentUsage(db, params.id, window, { model: query.model, client: query.client, token: query.token }));
});
