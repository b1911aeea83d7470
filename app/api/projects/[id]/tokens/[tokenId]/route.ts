import { getDb } from '@/db/client';
import { requireProject } from '@/db/queries/projects';
import { getToken, revokeToken, toTokenView } from '@/db/queries/tokens';
import { forgetTokens } from '@/lib/auth/tokens';
import { json } from '@/lib/http/respond';
import { apiRoute } from '@/lib/http/route';

type Params = { id: string; tokenId: string };

export const GET = apiRoute<Params>('admin', async ({ params }) => {
  const db = await getDb();
  await requireProject(db, params.id);
  return json(toTokenView(await getToken(db, params.id, params.tokenId)));
});

/** Revoke: the token stops working at once and stays listed as revoked. */
export const DELETE = apiRoute<Params>('admin', async ({ params }) => {
  const db = await getDb();
  await requireProject(db, params.id);
  const row = await revokeToken(db, params.id, params.tokenId);
  forgetTokens(db, [row.id]);
  return json(toTokenView(row));
});
