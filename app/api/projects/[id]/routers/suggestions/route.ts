import { ROUTER_ENDPOINTS } from '@/lib/api/routers';
import { answer, endpointRoute } from '@/server/http/endpoint-route';
import { routerSuggestions } from '@/server/routers/suggestions';

/** Routers to fold the catalog into, where each tool placed nowhere goes, and the presented count against the budget (§routers). */
export const GET = endpointRoute(ROUTER_ENDPOINTS.suggestions, async ({ app, params, query }) => answer(200, await routerSuggestions(app, params.id, query)));
