import { BODY_LIMITS } from '@/lib/limits';
import { createTokenSchema } from '@/lib/schemas/tokens';
import { projectParams } from '@/server/http/params';
import { json } from '@/server/http/respond';
import { apiRoute } from '@/server/http/route';
import { createToken, listProjectTokens } from '@/server/tokens/tokens';

/** The project's tokens, revoked ones too; never their secrets. */
export const GET = apiRoute({ access: 'admin', params: projectParams }, async ({ app, params }) => {
  return json({ tokens: await listProjectTokens(app, params.id) });
});

/** Create a token; the answer is the only time its secret is shown (§auth). */
export const POST = apiRoute(
  { access: 'admin', params: projectParams, body: createTokenSchema, bodyLimit: BODY_LIMITS.tiny, rule: '§auth' },
  async ({ app, params, body }) => {
    const created = await createToken(app, params.id, body);
    return json(created, { status: 201, headers: { location: `/api/projects/${params.id}/tokens/${created.id}` } });
  },
);
