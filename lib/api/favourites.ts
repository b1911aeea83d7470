import { favouritesHistorySchema, favouritesViewSchema, favouritesWriteResultSchema } from '@/lib/contracts/favourites';
import { BODY_LIMITS } from '@/lib/limits';
import { IF_MATCH_OPTIONAL, VIA } from './shared';
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
import { endpoint } from './endpoint';
import { projectParams } from './params';

const ETAG = { ETag: 'The favourites version, e.g. "8".' };

const AFTER_WRITE = {
  description: 'The favourites after the change, and changed (false when nothing changed).',
  schema: favouritesWriteResultSchema,
  headers: ETAG,
};

const FAVOURITE_WRITE_ERRORS = ['INVALID_TOOL_NAME', 'MAX_FAVOURITES_EXCEEDED', 'VERSION_MISMATCH'] as const satisfies readonly ErrorCode[];

/** An atomic write to the favourites (pin, unpin, move or settings), optionally guarded by If-Match. */
function favouriteWrite<const P extends string, const M extends 'post' | 'patch', const B extends z.ZodType>(
  method: M,
  path: P,
  summary: string,
  json: B,
  errors: readonly ErrorCode[],
) {
  return endpoint({
    method,
    path,
    params: projectParams,
    json,
    bodyLimit: BODY_LIMITS.small,
    rule: '§favourites',
    tag: 'favourites',
    access: 'favourites:write',
    summary,
    headers: [IF_MATCH_OPTIONAL, VIA],
    responses: { 200: AFTER_WRITE },
    errors: [...errors],
  });
}

/** A project's favourites (§favourites): read, replaced whole under If-Match, or changed one operation at a time. */
export const FAVOURITE_ENDPOINTS = {
  read: endpoint({
    method: 'get',
    path: '/api/projects/{id}/favourites',
    params: projectParams,
    tag: 'favourites',
    access: 'config:read',
    summary: 'The favourites, their version (ETag) and the pinned tools missing from the catalog',
    responses: {
      200: {
        description: 'The favourites: the pinned tools in order, their version (also the ETag), and the pinned tools missing from the catalog.',
        schema: favouritesViewSchema,
        headers: ETAG,
      },
    },
  }),
  replace: endpoint({
    method: 'put',
    path: '/api/projects/{id}/favourites',
    params: projectParams,
    json: replaceFavouritesSchema,
    bodyLimit: BODY_LIMITS.document,
    rule: '§favourites',
    tag: 'favourites',
    access: 'favourites:write',
    summary: 'Replace the whole favourite index',
    headers: [{ name: 'If-Match', required: true, description: 'The version replaced ("7"), or * to overwrite any version.', schema: { type: 'string' } }, VIA],
    responses: { 200: AFTER_WRITE },
    errors: [...FAVOURITE_WRITE_ERRORS, 'VERSION_REQUIRED'],
  }),
  settings: favouriteWrite('patch', '/api/projects/{id}/favourites', 'Change enabled and/or maxFavourites', favouriteSettingsSchema, [
    'MAX_FAVOURITES_BELOW_PINNED',
    'VERSION_MISMATCH',
  ]),
  pin: favouriteWrite(
    'post',
    '/api/projects/{id}/favourites/pin',
    'Pin a tool (at position, default last); already pinned is no change; `warning` says when no client receives it or the policy denies it to every identity',
    pinRequestSchema,
    FAVOURITE_WRITE_ERRORS,
  ),
  unpin: favouriteWrite('post', '/api/projects/{id}/favourites/unpin', 'Unpin a tool; not pinned is no change', unpinRequestSchema, [
    'INVALID_TOOL_NAME',
    'VERSION_MISMATCH',
  ]),
  move: favouriteWrite('post', '/api/projects/{id}/favourites/move', 'Move a pinned tool to a 0-based position (past the end is last)', moveRequestSchema, [
    'INVALID_TOOL_NAME',
    'FAVOURITE_NOT_PINNED',
    'VERSION_MISMATCH',
  ]),
  history: endpoint({
    method: 'get',
    path: '/api/projects/{id}/favourites/history',
    params: projectParams,
    query: favouriteHistoryQuerySchema,
    rule: '§favourites',
    tag: 'favourites',
    access: 'config:read',
    summary: 'Favourites changes, newest first',
    responses: { 200: { description: 'Each change: when, via what, before and after, and what it did.', schema: favouritesHistorySchema } },
  }),
};
