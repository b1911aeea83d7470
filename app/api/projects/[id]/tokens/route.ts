import { pathOf } from '@/lib/api/endpoint';
import { TOKEN_ENDPOINTS } from '@/lib/api/tokens';
import { answer, endpointRoute } from '@/server/http/endpoint-route';
import { createToken, listProjectTokens } from '@/server/tokens/tokens';

/** The project's tokens, revoked ones too; never their secrets. */
export const GET = endpointRoute(TOKEN_ENDPOINTS.list, async ({ app, params }) => answer(200, { tokens: await listProjectTokens(app, params.id) }));

/** Create a token; the answer is the only time its secret is shown (§auth). */
export const POST = endpointRoute(TOKEN_ENDPOINTS.create, async ({ app, params, body }) => {
  const created = await createToken(app, params.id, body);
  return answer(201, created, { location: pathOf(TOKEN_ENDPOINTS.read, { id: params.id, tokenId: created.id }) });
});
