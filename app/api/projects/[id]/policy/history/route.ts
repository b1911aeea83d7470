import { POLICY_ENDPOINTS } from '@/lib/api/policy';
import { answer, endpointRoute } from '@/server/http/endpoint-route';
import { policyHistory } from '@/server/policy/view';

/** Every saved policy version, newest first: when, via what, before and after, in one line. */
export const GET = endpointRoute(POLICY_ENDPOINTS.history, async ({ db, params, query }) => answer(200, await policyHistory(db, params.id, query)));
