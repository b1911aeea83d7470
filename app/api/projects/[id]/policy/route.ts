import { POLICY_ENDPOINTS } from '@/lib/api/policy';
import { answer, endpointRoute } from '@/server/http/endpoint-route';
import { savePolicy } from '@/server/policy/policy';
import { policyView } from '@/server/policy/view';

/** The tool policy in force, its version, and what each known identity may use (§policy). */
export const GET = endpointRoute(POLICY_ENDPOINTS.view, async ({ db, params }) => answer(200, await policyView(db, params.id)));

/** Save a policy (or plan it with dryRun): `basis` saves only over the version it was planned from. */
export const PUT = endpointRoute(POLICY_ENDPOINTS.save, async ({ db, params, body }) =>
  answer(200, await savePolicy(db, params.id, body.policy, { basis: body.basis, dryRun: body.dryRun, via: body.via })),
);
