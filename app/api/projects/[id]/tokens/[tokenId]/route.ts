import { tokenParams } from '@/server/http/params';
import { json } from '@/server/http/respond';
import { apiRoute } from '@/server/http/route';
import { getProjectToken, revokeProjectToken } from '@/server/tokens/tokens';

export const GET = apiRoute({ access: 'admin', params: tokenParams }, async ({ app, params }) => {
  return json(await getProjectToken(app, params.id, params.tokenId));
});

/** Revoke: the token stops working at once and stays listed as revoked. */
export const DELETE = apiRoute({ access: 'admin', params: tokenParams }, async ({ app, params }) => {
  return json(await revokeProjectToken(app, params.id, params.tokenId));
});
