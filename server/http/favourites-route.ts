import type { z } from 'zod';
import type { FavouriteOperation } from '@/lib/favourites/operations';
import { BODY_LIMITS } from '@/lib/limits';
import { runFavouriteOperation } from '@/server/favourites/favourites';
import { notServedWarning } from '@/server/proxies/proxies';
import { favouritesResponse, optionalIfMatch, readWriteVia } from './favourites';
import { projectParams } from './params';
import { apiRoute } from './route';

type OperationBody<O extends FavouriteOperation['op']> = Omit<Extract<FavouriteOperation, { op: O }>, 'op'>;

/**
 * A route for one atomic favourites operation (pin, unpin, move, settings): atomic against the
 * list in force, so it needs no If-Match (one is checked when sent), and recorded in the
 * history as made via the X-Favindex-Via the caller declares.
 */
export function favouriteOperationRoute<O extends FavouriteOperation['op'], S extends z.ZodType<OperationBody<O>>>(op: O, body: S) {
  return apiRoute(
    { access: 'favourites:write', params: projectParams, body, bodyLimit: BODY_LIMITS.small, rule: '§favourites' },
    async ({ db, req, params, body }) => {
      const options = { expectedVersion: optionalIfMatch(req), via: readWriteVia(req) };
      const operation = { op, ...body } as FavouriteOperation;
      const { view, changed } = await runFavouriteOperation(db, params.id, operation, options);
      const warning = operation.op === 'pin' ? await notServedWarning(db, params.id, [operation.tool]) : null;
      return favouritesResponse(view, { changed, warning });
    },
  );
}
