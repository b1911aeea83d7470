import { z } from 'zod';
import { loginSchema } from '@/lib/schemas/auth';
import { toolsListSchema } from '@/lib/schemas/catalog';
import { syncRegistrationSchema } from '@/lib/schemas/catalog-sync';
import { eventListQuerySchema } from '@/lib/schemas/event-list';
import { toolCallTraceSchema } from '@/lib/schemas/events';
import {
  favouriteHistoryQuerySchema,
  favouriteSettingsSchema,
  moveRequestSchema,
  pinRequestSchema,
  replaceFavouritesSchema,
  unpinRequestSchema,
} from '@/lib/schemas/favourite-requests';
import { otlpQuerySchema } from '@/lib/schemas/otlp';
import { previewQuerySchema, sessionsQuerySchema, surfaceQuerySchema } from '@/lib/schemas/preview-query';
import { createProjectSchema, updateProjectSchema } from '@/lib/schemas/projects';
import { createTokenSchema } from '@/lib/schemas/tokens';
import { suggestionsQuerySchema, usageOverviewQuerySchema, usageQuerySchema } from '@/lib/schemas/usage';
import { applyQuerySchema, exportQuerySchema } from '@/lib/schemas/yaml';
import { projectDocumentSchema } from '@/lib/yaml/project-document';
import type { HeaderParameter, PathOperations } from './operation';

/**
 * Every operation of the API, by OpenAPI path and method: the one place the OpenAPI
 * description (§errors envelope included) is made from. The schemas are the ones the handlers
 * parse with; app/api/openapi.test.ts checks that this lists exactly the route files' methods
 * with the access each declares.
 */

const JSON_TYPE = 'application/json';
const YAML_TYPE = 'application/yaml';

const VIA: HeaderParameter = {
  name: 'X-Favindex-Via',
  description: 'Where the change comes from, kept in the favourites history: ui, api (default) or cli.',
  schema: { type: 'string', enum: ['ui', 'api', 'cli'] },
};
const IF_MATCH_OPTIONAL: HeaderParameter = {
  name: 'If-Match',
  description: 'The favourites version you read (its ETag, e.g. "7"); when sent, a newer version makes this a 412.',
  schema: { type: 'string' },
};
const FAVOURITES_ANSWER = {
  description:
    'The favourites after the change: project, version (also the ETag), enabled, maxFavourites, tools (in order), pinned, full, missingFromCatalog, and changed (false when nothing changed).',
  headers: { ETag: 'The favourites version, e.g. "8".' },
};
const FAVOURITE_WRITE_ERRORS = ['INVALID_TOOL_NAME', 'MAX_FAVOURITES_EXCEEDED', 'VERSION_MISMATCH'] as const;
const UPSTREAM_ERRORS = ['UPSTREAM_UNAVAILABLE', 'UPSTREAM_REJECTED', 'UPSTREAM_INVALID'] as const;

/** The events body in its JSON forms; NDJSON carries the same events one per line. */
const eventsJsonBody = z.union([z.object({ events: z.array(toolCallTraceSchema) }), z.array(toolCallTraceSchema)]);

export const API_OPERATIONS: Record<string, PathOperations> = {
  '/api/openapi.json': {
    get: { tag: 'meta', access: 'public', summary: 'This description of the API (OpenAPI 3.1)', responses: { 200: { description: 'The OpenAPI document.' } } },
  },

  '/api/auth/login': {
    post: {
      tag: 'auth',
      access: 'public',
      summary: 'Exchange the admin password for the session cookie',
      description: 'Password mode only. Ten wrong passwords from one address make it wait five minutes.',
      body: { required: true, content: { [JSON_TYPE]: loginSchema } },
      responses: { 200: { description: '{authenticated: true}', headers: { 'Set-Cookie': 'The HttpOnly, SameSite=Lax session cookie (7 days).' } } },
      errors: ['CONFLICT', 'UNAUTHORIZED', 'RATE_LIMITED', 'ORIGIN_REJECTED'],
    },
  },
  '/api/auth/logout': {
    post: { tag: 'auth', access: 'public', summary: 'Clear the session cookie', responses: { 204: { description: 'Signed out.', mediaType: null } } },
  },
  '/api/auth/session': {
    get: {
      tag: 'auth',
      access: 'public',
      summary: 'The login mode and whether this caller is signed in',
      responses: { 200: { description: '{mode: "local" | "password", authenticated}' } },
    },
  },

  '/api/projects': {
    get: {
      tag: 'projects',
      access: 'admin',
      summary: 'List the projects',
      responses: { 200: { description: '{projects: [{id, description, metaTools, retentionDays, surface, createdAt, …}]}' } },
    },
    post: {
      tag: 'projects',
      access: 'admin',
      summary: 'Create a project',
      body: { required: true, content: { [JSON_TYPE]: createProjectSchema } },
      responses: { 201: { description: 'The project.', headers: { Location: 'The new project’s URL.' } } },
      errors: ['PROJECT_EXISTS'],
    },
  },
  '/api/projects/{id}': {
    get: { tag: 'projects', access: 'admin', summary: 'Read a project', responses: { 200: { description: 'The project.' } } },
    patch: {
      tag: 'projects',
      access: 'admin',
      summary: 'Update a project (description, metaTools, retentionDays, surface)',
      body: { required: true, content: { [JSON_TYPE]: updateProjectSchema } },
      responses: { 200: { description: 'The project.' } },
    },
    delete: {
      tag: 'projects',
      access: 'admin',
      summary: 'Delete a project with its catalog, events and tokens',
      responses: { 204: { description: 'Deleted.', mediaType: null } },
    },
  },

  '/api/projects/{id}/catalog': {
    get: {
      tag: 'catalog',
      access: 'admin',
      summary: 'The catalog: servers in order, their tools and fingerprints',
      responses: { 200: { description: '{project, toolCount, servers: [{name, position, version, fingerprint, toolCount, updatedAt, tools, sync}]}' } },
    },
  },
  '/api/projects/{id}/catalog/{server}': {
    get: {
      tag: 'catalog',
      access: 'admin',
      summary: 'One catalog server',
      responses: { 200: { description: 'The server with its tools.' } },
      errors: ['SERVER_NOT_FOUND'],
    },
    put: {
      tag: 'catalog',
      access: 'catalog:write',
      summary: "Upload a server's tools/list result",
      description: 'A changed fingerprint is a new catalog version (§catalog); names of the project are resolved again. Bodies up to 10 MiB.',
      body: { required: true, content: { [JSON_TYPE]: toolsListSchema } },
      responses: {
        200: {
          description:
            '{server, version, fingerprint, changed, added, removed, changedTools, resolvedCalls}: an update, or changed false when the list is the one in force.',
        },
        201: { description: 'The same, for the first version of a new server.' },
      },
    },
    delete: {
      tag: 'catalog',
      access: 'admin',
      summary: 'Remove a server from the catalog',
      responses: { 204: { description: 'Removed.', mediaType: null } },
      errors: ['SERVER_NOT_FOUND'],
    },
  },
  '/api/projects/{id}/catalog/{server}/versions': {
    get: {
      tag: 'catalog',
      access: 'admin',
      summary: 'Catalog versions of a server: what each added, removed and changed',
      responses: { 200: { description: '{server, versions: [{version, fingerprint, toolCount, added, removed, changed, source, createdAt}]}' } },
    },
  },
  '/api/projects/{id}/catalog/{server}/sync': {
    get: {
      tag: 'catalog',
      access: 'admin',
      summary: 'The live-sync registration (headers masked), last sync and error',
      responses: { 200: { description: '{url, headers (masked), intervalSeconds, lastSyncAt, lastError, lastSyncOkAt, nextSyncAt}' } },
      errors: ['SERVER_NOT_FOUND', 'SYNC_NOT_CONFIGURED'],
    },
    put: {
      tag: 'catalog',
      access: 'admin',
      summary: 'Register a server by its Streamable HTTP URL and read its tools/list now',
      body: { required: true, content: { [JSON_TYPE]: syncRegistrationSchema } },
      responses: { 200: { description: 'The sync result and registration.' }, 201: { description: 'The same, for a new registration.' } },
      errors: [...UPSTREAM_ERRORS],
    },
    post: {
      tag: 'catalog',
      access: 'admin',
      summary: 'Sync now',
      responses: { 200: { description: 'The sync result: version, changed, added, removed, changed tools.' } },
      errors: ['SYNC_NOT_CONFIGURED', ...UPSTREAM_ERRORS],
    },
    delete: {
      tag: 'catalog',
      access: 'admin',
      summary: 'Stop syncing; the catalog stays',
      responses: { 204: { description: 'Stopped.', mediaType: null } },
      errors: ['SYNC_NOT_CONFIGURED'],
    },
  },

  '/api/projects/{id}/events': {
    post: {
      tag: 'events',
      access: 'events:write',
      summary: 'Ingest tool_call_trace events',
      description:
        'Up to 10,000 events and 10 MiB a request. Valid events are stored, invalid ones reported by index; an id already stored is a duplicate, not an error (§events).',
      body: {
        required: true,
        content: {
          [JSON_TYPE]: eventsJsonBody,
          'application/x-ndjson': { type: 'string', description: 'One tool_call_trace event (JSON) per line.' },
        },
      },
      jsonBody: false,
      responses: { 200: { description: '{accepted, duplicates, rejected: [{index, error_code, message}]}' } },
      errors: ['MALFORMED_REQUEST', 'PAYLOAD_TOO_LARGE', 'TOO_MANY_EVENTS', 'UNSUPPORTED_MEDIA_TYPE'],
    },
    get: {
      tag: 'events',
      access: 'admin',
      summary: 'The latest events with their canonical names',
      query: eventListQuerySchema,
      responses: { 200: { description: '{events: […], next: cursor for `before` or null}' } },
    },
  },
  '/api/projects/{id}/otlp/v1/traces': {
    post: {
      tag: 'events',
      access: 'events:write',
      summary: 'Ingest MCP tools/call spans as OTLP/HTTP JSON',
      description: 'Content-Encoding gzip is accepted. Protobuf is a 415 that says how to switch to JSON.',
      query: otlpQuerySchema,
      body: {
        required: true,
        content: {
          [JSON_TYPE]: {
            type: 'object',
            description: 'An OTLP ExportTraceServiceRequest in its JSON encoding.',
            properties: { resourceSpans: { type: 'array', items: { type: 'object' } } },
          },
        },
      },
      jsonBody: false,
      responses: { 200: { description: 'An ExportTraceServiceResponse; spans that could not be stored are counted in partialSuccess.rejectedSpans.' } },
      errors: ['MALFORMED_REQUEST', 'PAYLOAD_TOO_LARGE', 'TOO_MANY_EVENTS', 'UNSUPPORTED_MEDIA_TYPE'],
    },
  },

  '/api/projects/{id}/favourites': {
    get: {
      tag: 'favourites',
      access: 'config:read',
      summary: 'The favourites, their version (ETag) and the pinned tools missing from the catalog',
      responses: { 200: FAVOURITES_ANSWER },
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
      responses: { 200: FAVOURITES_ANSWER },
      errors: [...FAVOURITE_WRITE_ERRORS, 'VERSION_REQUIRED'],
    },
    patch: {
      tag: 'favourites',
      access: 'favourites:write',
      summary: 'Change enabled and/or maxFavourites',
      headers: [IF_MATCH_OPTIONAL, VIA],
      body: { required: true, content: { [JSON_TYPE]: favouriteSettingsSchema } },
      responses: { 200: FAVOURITES_ANSWER },
      errors: ['MAX_FAVOURITES_BELOW_PINNED', 'VERSION_MISMATCH'],
    },
  },
  '/api/projects/{id}/favourites/pin': {
    post: {
      tag: 'favourites',
      access: 'favourites:write',
      summary: 'Pin a tool (at position, default last); already pinned is no change',
      headers: [IF_MATCH_OPTIONAL, VIA],
      body: { required: true, content: { [JSON_TYPE]: pinRequestSchema } },
      responses: { 200: FAVOURITES_ANSWER },
      errors: [...FAVOURITE_WRITE_ERRORS],
    },
  },
  '/api/projects/{id}/favourites/unpin': {
    post: {
      tag: 'favourites',
      access: 'favourites:write',
      summary: 'Unpin a tool; not pinned is no change',
      headers: [IF_MATCH_OPTIONAL, VIA],
      body: { required: true, content: { [JSON_TYPE]: unpinRequestSchema } },
      responses: { 200: FAVOURITES_ANSWER },
      errors: ['INVALID_TOOL_NAME', 'VERSION_MISMATCH'],
    },
  },
  '/api/projects/{id}/favourites/move': {
    post: {
      tag: 'favourites',
      access: 'favourites:write',
      summary: 'Move a pinned tool to a 0-based position (past the end is last)',
      headers: [IF_MATCH_OPTIONAL, VIA],
      body: { required: true, content: { [JSON_TYPE]: moveRequestSchema } },
      responses: { 200: FAVOURITES_ANSWER },
      errors: ['INVALID_TOOL_NAME', 'FAVOURITE_NOT_PINNED', 'VERSION_MISMATCH'],
    },
  },
  '/api/projects/{id}/favourites/history': {
    get: {
      tag: 'favourites',
      access: 'config:read',
      summary: 'Favourites changes, newest first',
      query: favouriteHistoryQuerySchema,
      responses: { 200: { description: '{project, currentVersion, changes: [{version, changedAt, via, before, after, summary, description}], next}' } },
    },
  },

  '/api/projects/{id}/usage': {
    get: {
      tag: 'usage',
      access: 'usage:read',
      summary: 'Usage over a window: ranked tools, totals, daily series, coverage, unresolved names',
      query: usageQuerySchema,
      responses: {
        200: {
          description:
            '{project, window, status, sessionCounting, totals, rows: [{tool, calls, errors, sessions, lastUsed, share, cumulativeShare, pinned, …}], series, favourites, coverage, unresolved}',
        },
      },
    },
  },
  '/api/projects/{id}/suggestions': {
    get: {
      tag: 'usage',
      access: 'usage:read',
      summary: 'What to pin: the top tools of the window, what to add and remove, and the YAML that applies it',
      query: suggestionsQuerySchema,
      responses: {
        200: {
          description: '{window, maxFavourites, favouritesVersion, suggested: [{tool, calls, share, pinned, inCatalog}], add, remove, favouriteIndex, yaml}',
        },
      },
    },
  },
  '/api/usage': {
    get: {
      tag: 'usage',
      access: 'admin',
      summary: "Every project's calls per day (the projects list's sparklines)",
      query: usageOverviewQuerySchema,
      responses: { 200: { description: '{window, projects: [{id, calls, daily: [{day, calls}]}]}' } },
    },
  },

  '/api/projects/{id}/preview': {
    get: {
      tag: 'surface',
      access: 'admin',
      summary: 'The exact tool list per presentation mode and target, with caps, name problems and tokens',
      query: previewQuerySchema,
      responses: {
        200: {
          description:
            'Per mode: the ordered list, count, cap, fits/overBy, problems, leftOut, tokens and method, instruction; the replayed session when asked.',
        },
      },
      errors: ['SESSION_NOT_FOUND'],
    },
  },
  '/api/projects/{id}/surface': {
    get: {
      tag: 'surface',
      access: 'surface:read',
      summary: 'What a proxy presents; the fingerprint is the ETag',
      query: surfaceQuerySchema,
      headers: [{ name: 'If-None-Match', description: 'The ETag you have: 304 until something a proxy would present changes.', schema: { type: 'string' } }],
      responses: {
        200: {
          description: '{project, version, mode, target, limits, favouriteIndex, instruction, names: {presented: canonical}, metaTools, leftOut, fingerprint}',
          headers: { ETag: 'The fingerprint.' },
        },
        304: { description: 'Not modified.', mediaType: null, headers: { ETag: 'The fingerprint.' } },
      },
    },
  },
  '/api/projects/{id}/sessions': {
    get: {
      tag: 'surface',
      access: 'admin',
      summary: 'Recently active recorded sessions, for the preview’s replay',
      query: sessionsQuerySchema,
      responses: { 200: { description: '{sessions: [{id, calls, toolCalls, firstAt, lastAt, client, model}]}' } },
    },
  },

  '/api/projects/{id}/tokens': {
    get: {
      tag: 'tokens',
      access: 'admin',
      summary: "The project's tokens (never their secrets)",
      responses: { 200: { description: '{tokens: [{id, name, prefix, scopes, createdAt, lastUsedAt, revokedAt}]}' } },
    },
    post: {
      tag: 'tokens',
      access: 'admin',
      summary: 'Create a token; the answer is the only time its secret is shown',
      body: { required: true, content: { [JSON_TYPE]: createTokenSchema } },
      responses: { 201: { description: 'The token with its secret in `token`.', headers: { Location: 'The token’s URL.' } } },
      errors: ['TOKEN_LIMIT_REACHED'],
    },
  },
  '/api/projects/{id}/tokens/{tokenId}': {
    get: {
      tag: 'tokens',
      access: 'admin',
      summary: 'Read a token',
      responses: { 200: { description: 'The token (no secret).' } },
      errors: ['TOKEN_NOT_FOUND'],
    },
    delete: {
      tag: 'tokens',
      access: 'admin',
      summary: 'Revoke a token; it stays listed as revoked',
      responses: { 200: { description: 'The revoked token.' } },
      errors: ['TOKEN_NOT_FOUND'],
    },
  },

  '/api/projects/{id}/yaml': {
    get: {
      tag: 'yaml',
      access: 'config:read',
      summary: 'Export one project as a YAML document',
      query: exportQuerySchema,
      responses: {
        200: { description: 'The project document; `download` sets Content-Disposition.', mediaType: YAML_TYPE, schema: { component: 'ProjectDocument' } },
      },
    },
  },
  '/api/yaml': {
    get: {
      tag: 'yaml',
      access: 'admin',
      summary: 'Export every project, documents separated by ---',
      query: exportQuerySchema,
      responses: { 200: { description: 'A stream of project documents.', mediaType: YAML_TYPE } },
    },
  },
  '/api/yaml/apply': {
    post: {
      tag: 'yaml',
      access: 'config:write',
      summary: 'Apply project documents: create or update by metadata.name, all or nothing',
      description:
        '`dryRun` returns the plan and diff and writes nothing. A config:write token may only name its own project (403 otherwise, dry runs included).',
      query: applyQuerySchema,
      headers: [
        {
          name: 'If-Match',
          description: 'The basis (sha256:…) of a dry run: apply only if the projects are still as it saw them.',
          schema: { type: 'string' },
        },
      ],
      body: { required: true, description: 'One or more project documents separated by ---.', content: { [YAML_TYPE]: { component: 'ProjectDocument' } } },
      jsonBody: false,
      responses: {
        200: { description: '{dryRun, applied, basis, summary: {create, update, unchanged}, projects: [{name, action, changes, favourites, diff}]}' },
      },
      errors: ['MALFORMED_REQUEST', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'YAML_MALFORMED', 'YAML_INVALID', 'VERSION_MISMATCH'],
    },
  },
};

/** Schemas the document names once and refers to. */
export const NAMED_SCHEMAS: Record<string, z.ZodType> = {
  ProjectDocument: projectDocumentSchema,
  ToolCallTrace: toolCallTraceSchema,
};
