import { BODY_LIMITS } from '@/lib/limits';
import { savePolicyRequestSchema } from '@/lib/schemas/policy-requests';
import { projectParams } from '@/server/http/params';
import { json } from '@/server/http/respond';
import { apiRoute } from '@/server/http/route';
import { savePolicy } from '@/server/policy/policy';
import { policyView } from '@/server/policy/view';

/** The tool policy in force, its version, and what each known identity may use (§policy). */
export const GET = apiRoute({ access: 'config:read', params: projectParams, rule: '§policy' }, async ({ db, params }) => {
  return json(await policyView(db, params.id));
});

/** Save a policy (or plan it with dryRun): `basis` saves only over the version it was planned from. */
export const PUT = apiRoute(
  { access: 'config:write', params: projectParams, body: savePolicyRequestSchema, bodyLimit: BODY_LIMITS.document, rule: '§policy' },
  async ({ db, params, body }) => {
    return json(await savePolicy(db, params.id, body.policy, { basis: body.basis, dryRun: body.dryRun, via: body.via }));
  },
);
