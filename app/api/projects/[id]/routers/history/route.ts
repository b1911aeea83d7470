import { ROUTER_ENDPOINTS } from '@/lib/api/routers';
import { answer, endpointRoute } from '@/server/http/endpoint-route';
import { routersHistoryPage } from '@/server/routers/history';

/** Every routers change, newest first: when, via what (ui, api, yaml…), before and after. */
export const GET = endpointRoute(ROUTER_ENDPOINTS.history, async ({ db, params, query }) => answer(200, await routersHistoryPage(db, params.id, query)));
