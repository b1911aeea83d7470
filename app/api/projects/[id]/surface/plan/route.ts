import { SURFACE_ENDPOINTS } from '@/lib/api/surface';
import { answer, endpointRoute } from '@/server/http/endpoint-route';
import { planSurface } from '@/server/surface/plan';

/** What saving a surface config would change for the clients; saves nothing. Access as for the PATCH that would save it. */
export const POST = endpointRoute(SURFACE_ENDPOINTS.plan, async ({ app, params, body }) =>
  answer(200, await planSurface(app.db, app.catalogs, params.id, body.surface)),
);
