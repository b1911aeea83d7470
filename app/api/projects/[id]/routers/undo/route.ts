import { ROUTER_ENDPOINTS } from '@/lib/api/routers';
import { answer, endpointRoute } from '@/server/http/endpoint-route';
import { etagOf, optionalIfMatch, readWriteVia, ROUTERS_SETTING } from '@/server/http/version-headers';
import { loadRoutersView, undoRouters } from '@/server/routers/routers';
import { routersWarning } from '@/server/routers/write-warning';

/** Undo the change that made the version in force, as a new version; If-Match is checked when sent. */
export const POST = endpointRoute(ROUTER_ENDPOINTS.undo, async ({ app, db, req, params }) => {
  const options = { expectedVersion: optionalIfMatch(req, ROUTERS_SETTING), via: readWriteVia(req, '§routers') };
  const { state, changed, undid } = await undoRouters(db, params.id, options);
  const view = await loadRoutersView(db, params.id, state);
  return answer(200, { ...view, changed, undid, warning: await routersWarning(app, view) }, { etag: etagOf(view.version) });
});
