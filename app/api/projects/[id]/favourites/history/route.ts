import { favouriteHistoryQuerySchema } from '@/lib/schemas/favourite-requests';
import { favouritesHistoryPage } from '@/server/favourites/history';
import { projectParams } from '@/server/http/params';
import { json } from '@/server/http/respond';
import { apiRoute } from '@/server/http/route';

/** Every favourites change, newest first: when, via what (ui, api, yaml…), before and after. */
export const GET = apiRoute(
  { access: 'config:read', params: projectParams, query: favouriteHistoryQuerySchema, rule: '§favourites' },
  async ({ db, params, query }) => {
    return json(await favouritesHistoryPage(db, params.id, query));
  },
);
