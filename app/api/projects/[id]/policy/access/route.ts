import { policyAccessQuerySchema } from '@/lib/schemas/policy-requests';
import { projectParams } from '@/server/http/params';
import { json } from '@/server/http/respond';
import { apiRoute } from '@/server/http/route';
import { policyAccess } from '@/server/policy/view';

/** Every catalog tool as one identity (a token name, a client name, both or neither) gets it, and why. */
export const GET = apiRoute(
  { access: 'config:read', params: projectParams, query: policyAccessQuerySchema, rule: '§policy' },
  async ({ db, params, query }) => {
    return json(await policyAccess(db, params.id, { token: query.token ?? null, client: query.client ?? null }));
  },
);
