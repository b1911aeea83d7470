import { FAVOURITE_ENDPOINTS } from '@/lib/api/favourites';
import { loadFavouritesView, writeFavourites } from '@/server/favourites/favourites';
import { favouriteOperationRoute } from '@/server/favourites/operation-route';
import { pinWarning } from '@/server/favourites/pin-warning';
import { etagOf, FAVOURITES_SETTING, readWriteVia, requireIfMatch } from '@/server/http/version-headers';
import { answer, endpointRoute } from '@/server/http/endpoint-route';

/** The favourite index with its version as the ETag, and the tools missing from the catalog. */
export const GET = endpointRoute(FAVOURITE_ENDPOINTS.read, async ({ db, params }) => {
  const view = await loadFavouritesView(db, params.id);
  return answer(200, view, { etag: etagOf(view.version) });
});

/** Replace the whole index. If-Match is required (428 without; `*` overwrites any version). */
export const PUT = endpointRoute(FAVOURITE_ENDPOINTS.replace, async ({ app, db, req, params, body }) => {
  const options = { expectedVersion: requireIfMatch(req, FAVOURITES_SETTING), via: readWriteVia(req) };
  const { state, changed } = await writeFavourites(db, params.id, body, options);
  const warning = await pinWarning(app, params.id, state.tools);
  const view = await loadFavouritesView(db, params.id, state);
  return answer(200, { ...view, changed, warning }, { etag: etagOf(view.version) });
});

/** Change `enabled` and/or `maxFavourites` on the current list; If-Match is checked when sent. */
export const PATCH = favouriteOperationRoute('settings', FAVOURITE_ENDPOINTS.settings);
