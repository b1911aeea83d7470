import { getDb } from '@/db/client';
import { runFavouriteOperation } from '@/db/queries/favourites-view';
import { favouritesResponse, optionalIfMatch, readWriteVia } from '@/lib/favourites/http';
import { readJsonBody } from '@/lib/http/body';
import { apiRoute } from '@/lib/http/route';
import { parseBody } from '@/lib/http/validate';
import { unpinRequestSchema } from '@/lib/schemas/favourite-requests';

type Params = { id: string };

/**
 * Unpin a tool. Not pinned: no change, so two people unpinning it agree.
 * Atomic against the list in force, so it needs no If-Match (one is checked when sent).
 */
export const POST = apiRoute<Params>('favourites:write', async ({ req, params }) => {
  const expectedVersion = optionalIfMatch(req);
  const via = readWriteVia(req);
  const body = parseBody(unpinRequestSchema, await readJsonBody(req, 64 * 1024, '§favourites'), '§favourites');
  const { view, changed } = await runFavouriteOperation(await getDb(), params.id, { op: 'unpin', ...body }, { via, expectedVersion });
  return favouritesResponse(view, { changed });
});
