import { getDb } from '@/db/client';
import { writeFavourites } from '@/db/queries/favourites';
import { loadFavouritesView, runFavouriteOperation } from '@/db/queries/favourites-view';
import { favouritesResponse, optionalIfMatch, readWriteVia, requireIfMatch } from '@/lib/favourites/http';
import { MiB, readJsonBody } from '@/lib/http/body';
import { apiRoute } from '@/lib/http/route';
import { parseBody } from '@/lib/http/validate';
import { favouriteSettingsSchema, replaceFavouritesSchema } from '@/lib/schemas/favourite-requests';

type Params = { id: string };

/** The favourite index with its version as the ETag, and the tools missing from the catalog. */
export const GET = apiRoute<Params>('config:read', async ({ params }) => {
  return favouritesResponse(await loadFavouritesView(await getDb(), params.id));
});

/** Replace the whole index. If-Match is required (428 without; `*` overwrites any version). */
export const PUT = apiRoute<Params>('favourites:write', async ({ req, params }) => {
  const expectedVersion = requireIfMatch(req);
  const via = readWriteVia(req);
  const next = parseBody(replaceFavouritesSchema, await readJsonBody(req, 1 * MiB, '§favourites'), '§favourites');
  const db = await getDb();
  const { state, changed } = await writeFavourites(db, params.id, next, { via, expectedVersion });
  return favouritesResponse(await loadFavouritesView(db, params.id, state), { changed });
});

/** Change `enabled` and/or `maxFavourites` on the current list; If-Match is checked when sent. */
export const PATCH = apiRoute<Params>('favourites:write', async ({ req, params }) => {
  const expectedVersion = optionalIfMatch(req);
  const via = readWriteVia(req);
  const body = parseBody(favouriteSettingsSchema, await readJsonBody(req, 64 * 1024, '§favourites'), '§favourites');
  const { view, changed } = await runFavouriteOperation(await getDb(), params.id, { op: 'settings', ...body }, { via, expectedVersion });
  return favouritesResponse(view, { changed });
});
