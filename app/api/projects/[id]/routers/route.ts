import { ROUTER_ENDPOINTS } from '@/lib/api/routers';
import { answer, endpointRoute } from '@/server/http/endpoint-route';
import { etagOf, readWriteVia, requireIfMatch, ROUTERS_SETTING } from '@/server/http/version-headers';
import { loadRoutersView, writeRouters } from '@/server/routers/routers';
import { routersWarning } from '@/server/routers/write-warning';

/** The routers with their version as the ETag, and the tools they name that the catalog lacks. */
export const GET = endpointRoute(ROUTER_ENDPOINTS.read, async ({ db, params }) => {
  const view = await loadRoutersView(db, params.id);
  return answer(200, view, { etag: etagOf(view.version) });
});

/** Replace the routers whole. If-Match is required (428 without; `*` overwrites any version). */
export const PUT = endpointRoute(ROUTER_ENDPOINTS.replace, async ({ app, db, req, params, body }) => {
  const options = { expectedVersion: requireIfMatch(req, ROUTERS_SETTING), via: readWriteVia(req, '§routers') };
  const { state, changed } = await writeRouters(db, params.id, body, options);
  const view = await loadRoutersView(db, params.id, state);
  return answer(200, { ...view, changed, warning: await routersWarning(app, view) }, { etag: etagOf(view.version) });
});
