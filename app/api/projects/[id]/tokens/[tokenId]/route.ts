import { TOKEN_ENDPOINTS } from '@/lib/api/tokens';
import { answer, endpointRoute } from '@/server/http/endpoint-route';
import { getProjectToken, revokeProjectToken } from '@/server/tokens/tokens';

export const GET = endpointRoute(TOKEN_ENDPOINTS.read, async ({ app, params }) => answer(200, await getProjectToken(app, params.id, params.tokenId)));

/** Revoke: the token stops working at once and stays listed as revoked. */
export const DELETE = endpointRoute(TOKEN_ENDPOINTS.revoke, async ({ app, params }) => answer(200, await revokeProjectToken(app, params.id, params.tokenId)));
