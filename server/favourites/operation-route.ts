import type { FAVOURITE_ENDPOINTS } from '@/lib/api/favourites';
import type { FavouriteOperation } from '@/lib/favourites/operations';
import { answer, endpointRoute } from '@/server/http/endpoint-route';
import { runFavouriteOperation } from './favourites';
import { pinWarning } from './pin-warning';
import { etagOf, FAVOURITES_SETTING, optionalIfMatch, readWriteVia } from '@/server/http/version-headers';

type OperationEndpoint = (typeof FAVOURITE_ENDPOINTS)['settings' | 'pin' | 'unpin' | 'move'];

/**
 * A route for one atomic favourites operation (pin, unpin, move, settings): atomic against the
 * list in force, so it needs no If-Match (one is checked when sent), and recorded in the
 * history as made via the X-Favindex-Via the caller declares.
 */
export function favouriteOperationRoute<E extends OperationEndpoint>(op: FavouriteOperation['op'], spec: E) {
  // Sound: E extends OperationEndpoint; TypeScript does not widen the generic for the call.
  return endpointRoute(spec as OperationEndpoint, async ({ app, db, req, params, body }) => {
    const options = { expectedVersion: optionalIfMatch(req, FAVOURITES_SETTING), via: readWriteVia(req) };
    // The declaration's body schema is the operation's own (pinRequestSchema for 'pin'…).
    const operation = { op, ...body } as FavouriteOperation;
    const { view, changed } = await runFavouriteOperation(db, params.id, operation, options);
    const warning = operation.op === 'pin' ? await pinWarning(app, params.id, [operation.tool]) : null;
    return answer(200, { ...view, changed, warning }, { etag: etagOf(view.version) });
  });
}
