import { routerSuggestionsSchema } from '@/lib/contracts/router-suggestions';
import { routersHistorySchema, routersUndoResultSchema, routersViewSchema, routersWriteResultSchema } from '@/lib/contracts/routers';
import { BODY_LIMITS } from '@/lib/limits';
import { routersConfigSchema } from '@/lib/schemas/routers';
import { routerSuggestionsQuerySchema, routersHistoryQuerySchema } from '@/lib/schemas/routers-requests';
import { endpoint } from './endpoint';
import { projectParams } from './params';
import { VIA } from './shared';

const ETAG = { ETag: 'The routers version, e.g. "3".' };

/** A project's routers (§routers): read, replaced whole under If-Match, their history, and undo. */
export const ROUTER_ENDPOINTS = {
  read: endpoint({
    method: 'get',
    path: '/api/projects/{id}/routers',
    params: projectParams,
    tag: 'routers',
    access: 'config:read',
    summary: 'The routers and singletons, their version (ETag) and the tools they name that the catalog lacks',
    responses: {
      200: {
        description: 'The routers in order, each with its ops; the singletons with their reasons; the version (also the ETag; 0 before any).',
        schema: routersViewSchema,
        headers: ETAG,
      },
    },
  }),
  replace: endpoint({
    method: 'put',
    path: '/api/projects/{id}/routers',
    params: projectParams,
    json: routersConfigSchema,
    bodyLimit: BODY_LIMITS.document,
    rule: '§routers',
    tag: 'routers',
    access: 'config:write',
    summary: 'Replace the routers and singletons whole',
    description:
      'Each catalog tool in one place at most (one op of one router, or one singleton); op names unique in their router, list_ops reserved. A tool the catalog does not list is kept and warned of. The same routers again write nothing (changed false).',
    headers: [{ name: 'If-Match', required: true, description: 'The version replaced ("3"), or * to overwrite any version.', schema: { type: 'string' } }, VIA],
    responses: {
      200: { description: 'The routers after the change, and changed (false when nothing changed).', schema: routersWriteResultSchema, headers: ETAG },
    },
    errors: ['VERSION_MISMATCH', 'VERSION_REQUIRED'],
  }),
  history: endpoint({
    method: 'get',
    path: '/api/projects/{id}/routers/history',
    params: projectParams,
    query: routersHistoryQuerySchema,
    rule: '§routers',
    tag: 'routers',
    access: 'config:read',
    summary: 'Routers changes, newest first',
    responses: { 200: { description: 'Each change: when, via what, before and after, and what it did.', schema: routersHistorySchema } },
  }),
  undo: endpoint({
    method: 'post',
    path: '/api/projects/{id}/routers/undo',
    params: projectParams,
    rule: '§routers',
    tag: 'routers',
    access: 'config:write',
    summary: 'Undo the change that made the version in force',
    description:
      'The routers go back to what they were before that change, as a new version; undoing again puts the change back. With If-Match, only when that version is still in force.',
    headers: [
      { name: 'If-Match', description: 'The version whose change to undo ("3"); a newer one in force makes this a 412.', schema: { type: 'string' } },
      VIA,
    ],
    responses: { 200: { description: 'The routers after the undo, and the version it undid.', schema: routersUndoResultSchema, headers: ETAG } },
    errors: ['VERSION_MISMATCH', 'NOTHING_TO_UNDO'],
  }),
  suggestions: endpoint({
    method: 'get',
    path: '/api/projects/{id}/routers/suggestions',
    params: projectParams,
    query: routerSuggestionsQuerySchema,
    rule: '§routers',
    tag: 'routers',
    access: 'config:read',
    summary: 'Routers to fold the catalog into, where each tool placed nowhere goes, and the presented count against the budget',
    description:
      'Computed from the catalog and the routers in force (routersVersion), nothing saved: apply one by PUT /routers with the routers it gives and If-Match of routersVersion, so it is one version in the history, undone like any other. Suggestions and tools placed nowhere come a page at a time, with their totals.',
    responses: {
      200: {
        description:
          'A page of suggested routers (why, what each saves), the total saved, a page of the tools placed nowhere with the rule and why of where each goes, and the presented count.',
        schema: routerSuggestionsSchema,
      },
    },
  }),
};
