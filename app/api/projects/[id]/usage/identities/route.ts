import { USAGE_ENDPOINTS } from '@/lib/api/usage';
import { usageWindow } from '@/lib/usage/window';
import { answer, endpointRoute } from '@/server/http/endpoint-route';
import { identityUsage } from '@/server/usage/identities';

/** Who calls (§policy): calls, failures and policy refusals per token and client over the window. */
export const GET = endpointRoute(USAGE_ENDPOINTS.identities, async ({ db, params, query }) =>
  answer(200, await identityUsage(db, params.id, usageWindow(query.window, query.until ?? new Date()))),
);
