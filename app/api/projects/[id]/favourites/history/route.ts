import { FAVOURITE_ENDPOINTS } from '@/lib/api/favourites';
import { favouritesHistoryPage } from '@/server/favourites/history';
import { answer, endpointRoute } from '@/server/http/endpoint-route';

/** Every favourites change, newest first: when, via what (ui, api, yaml…), before and after. */
export const GET = endpointRoute(FAVOURITE_ENDPOINTS.history, async ({ db, params, query }) => answer(200, await favouritesHistoryPage(db, params.id, query)));
