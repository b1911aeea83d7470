import { BODY_LIMITS } from '@/lib/limits';
import { favouriteSettingsSchema, replaceFavouritesSchema } from '@/lib/schemas/favourite-requests';
import { loadFavouritesView, writeFavourites } from '@/server/favourites/favourites';
import { favouritesResponse, readWriteVia, requireIfMatch } from '@/server/http/favourites';
import { favouriteOperationRoute } from '@/server/http/favourites-route';
import { projectParams } from '@/server/http/params';
import { apiRoute } from '@/server/http/route';
import { notServedWarning } from '@/server/proxies/proxies';

/** The favourite index with its version as the ETag, and the tools missing from the catalog. */
export const GET = apiRoute({ access: 'config:read', params: projectParams }, async ({ db, params }) => {
  return favouritesResponse(await loadFavouritesView(db, params.id));
});

/** Replace the whole index. If-Match is required (428 without; `*` overwrites any version). */
export const PUT = apiRoute(
  { access: 'favourites:write', params: projectParams, body: replaceFavouritesSchema, bodyLimit: BODY_LIMITS.document, rule: '§favourites' },
  async ({ db, req, params, body }) => {
    const options = { expectedVersion: requireIfMatch(req), via: readWriteVia(req) };
    const { state, changed } = await writeFavourites(db, params.id, body, options);
    const warning = await notServedWarning(db, params.id, state.tools);
    return favouritesResponse(await loadFavouritesView(db, params.id, state), { changed, warning });
  },
);

/** Change `enabled` and/or `maxFavourites` on the current list; If-Match is checked when sent. */
export const PATCH = favouriteOperationRoute('settings', favouriteSettingsSchema);
