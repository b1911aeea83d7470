import { POLICY_ENDPOINTS } from '@/lib/api/policy';
import { answer, endpointRoute } from '@/server/http/endpoint-route';
import { policyAccess } from '@/server/policy/view';

/** Every catalog tool as one identity (a token name, a client name, both or neither) gets it, and why. */
export const GET = endpointRoute(POLICY_ENDPOINTS.access, async ({ db, params, query }) =>
  answer(200, await policyAccess(db, params.id, { token: query.token ?? null, client: query.client ?? null })),
);
