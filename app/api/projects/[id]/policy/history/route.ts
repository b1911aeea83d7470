import { policyHistoryQuerySchema } from '@/lib/schemas/policy-requests';
import { projectParams } from '@/server/http/params';
import { json } from '@/server/http/respond';
import { apiRoute } from '@/server/http/route';
import { policyHistory } from '@/server/policy/view';

/** Every saved policy version, newest first: when, via what, before and after, in one line. */
export const GET = apiRoute(
  { access: 'config:read', params: projectParams, query: policyHistoryQuerySchema, rule: '§policy' },
  async ({ db, params, query }) => {
    return json(await policyHistory(db, params.id, query));
  },
);
