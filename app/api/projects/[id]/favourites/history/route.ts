import { getDb } from '@/db/client';
import { getFavourites, listFavouriteChanges } from '@/db/queries/favourites';
import { describeChange, summariseChange } from '@/lib/favourites/change-summary';
import { json } from '@/lib/http/respond';
import { apiRoute } from '@/lib/http/route';
import { parseQuery } from '@/lib/http/validate';
import { favouriteHistoryQuerySchema } from '@/lib/schemas/favourite-requests';

type Params = { id: string };

/** Every favourites change, newest first: when, via what (ui, api, yaml…), before and after. */
export const GET = apiRoute<Params>('config:read', async ({ req, params }) => {
  const query = parseQuery(favouriteHistoryQuerySchema, req.url, '§favourites');
  const db = await getDb();
  const current = await getFavourites(db, params.id);
  const changes = await listFavouriteChanges(db, params.id, query);
  const last = changes.at(-1);
  return json({
    project: params.id,
    currentVersion: current.version,
    changes: changes.map((c) => ({ ...c, summary: summariseChange(c.before, c.after), description: describeChange(c.before, c.after) })),
    next: changes.length === query.limit && last && last.version > 1 ? last.version : null,
  });
});
