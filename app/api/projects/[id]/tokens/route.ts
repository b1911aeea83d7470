import { getDb } from '@/db/client';
import { requireProject } from '@/db/queries/projects';
import { insertToken, listTokens, toTokenView } from '@/db/queries/tokens';
import { flushTokenUse, newTokenSecret } from '@/lib/auth/tokens';
import { readJsonBody } from '@/lib/http/body';
import { json } from '@/lib/http/respond';
import { apiRoute } from '@/lib/http/route';
import { parseBody } from '@/lib/http/validate';
import { createTokenSchema, type CreatedTokenView } from '@/lib/schemas/tokens';

type Params = { id: string };

/** The project's tokens, revoked ones too; never their secrets. */
export const GET = apiRoute<Params>('admin', async ({ params }) => {
  const db = await getDb();
  await requireProject(db, params.id);
  // Last-used times wait in memory between flushes; a list should show them.
  await flushTokenUse(db);
  return json({ tokens: (await listTokens(db, params.id)).map(toTokenView) });
});

/** Create a token; the answer is the only time its secret is shown (§auth). */
export const POST = apiRoute<Params>('admin', async ({ req, params }) => {
  const input = parseBody(createTokenSchema, await readJsonBody(req, 16 * 1024, '§auth'), '§auth');
  const secret = newTokenSecret();
  const row = await insertToken(await getDb(), params.id, input, secret);
  const created: CreatedTokenView = { ...toTokenView(row), token: secret.secret };
  return json(created, { status: 201, headers: { location: `/api/projects/${params.id}/tokens/${row.id}` } });
});
