import { favouritesHistorySchema, favouritesViewSchema, favouritesWriteResultSchema } from '@/lib/contracts/favourites';
import {
  favouriteHistoryQuerySchema,
  favouriteSettingsSchema,
  moveRequestSchema,
  pinRequestSchema,
  replaceFavouritesSchema,
  unpinRequestSchema,
} from '@/lib/schemas/favourite-requests';
import type { z } from 'zod';
import type { ErrorCode } from '@/lib/errors';
import type { Operation, PathOperations, ResponseSpec } from '../operation';
import { IF_MATCH_OPTIONAL, JSON_TYPE, VIA } from './shared';

const ETAG = { ETag: 'The favourites version, e.g. "8".' };

const FAVOURITES: ResponseSpec = {
  description: 'The favourites: the pinned tools in order, their version (also the ETag), and the pinned tools missing from the catalog.',
  schema: favouritesViewSchema,
  headers: ETAG,
};

const AFTER_WRITE: ResponseSpec = {
  description: 'The favourites after the change, and changed (false when nothing changed).',
  schema: favouritesWriteResultSchema,
  headers: ETAG,
};

const FAVOURITE_WRITE_ERRORS = ['INVALID_TOOL_NAME', 'MAX_FAVOURITES_EXCEEDED', 'VERSION_MISMATCH'] as const;

/** A write to the favourites: pin, unpin, move or settings, optionally guarded by If-Match. */
function favouriteWrite(summary: string, body: z.ZodType, errors: readonly ErrorCode[]): Operation {
  return {
    tag: 'favourites',
    access: 'favourites:write',
    summary,
    headers: [IF_MATCH_OPTIONAL, VIA],
    body: { required: true, content: { [JSON_TYPE]: body } },
    responses: { 200: AFTER_WRITE },
    errors: [...errors],
  };
}

export const FAVOURITE_OPERATIONS: Record<string, PathOperations> = {
  '/api/projects/{id}/favourites': {
    get: {
      tag: 'favourites',
      access: 'config:read',
      summary: 'The favourites, their version (ETag) and the pinned tools missing from the catalog',
      responses: { 200: FAVOURITES },
    },
    put: {
      tag: 'favourites',
      access: 'favourites:write',
      summary: 'Replace the whole favourite index',
      headers: [
        { name: 'If-Match', required: true, description: 'The version replaced ("7"), or * to overwrite any version.', schema: { type: 'string' } },
        VIA,
      ],
      body: { required: true, content: { [JSON_TYPE]: replaceFavouritesSchema } },
      responses: { 200: AFTER_WRITE },
      errors: [...FAVOURITE_WRITE_ERRORS, 'VERSION_REQUIRED'],
    },
    patch: favouriteWrite('Change enabled and/or maxFavourites', favouriteSettingsSchema, ['MAX_FAVOURITES_BELOW_PINNED', 'VERSION_MISMATCH']),
  },
  '/api/projects/{id}/favourites/pin': {
    post: favouriteWrite('Pin a tool (at position, default last); already pinned is no change', pinRequestSchema, FAVOURITE_WRITE_ERRORS),
  },
  '/api/projects/{id}/favourites/unpin': {
    post: favouriteWrite('Unpin a tool; not pinned is no change', unpinRequestSchema, ['INVALID_TOOL_NAME', 'VERSION_MISMATCH']),
  },
  '/api/projects/{id}/favourites/move': {
    post: favouriteWrite('Move a pinned tool to a 0-based position (past the end is last)', moveRequestSchema, [
      'INVALID_TOOL_NAME',
      'FAVOURITE_NOT_PINNED',
      'VERSION_MISMATCH',
    ]),
  },
  '/api/projects/{id}/favourites/history': {
    get: {
      tag: 'favourites',
      access: 'config:read',
      summary: 'Favourites changes, newest first',
      query: favouriteHistoryQuerySchema,
      responses: { 200: { description: 'Each change: when, via what, before and after, and what it did.', schema: favouritesHistorySchema } },
    },
  },
};
