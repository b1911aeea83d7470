import { previewResponseSchema } from '@/lib/contracts/preview';
import { sessionListSchema } from '@/lib/contracts/sessions';
import { surfaceDocumentSchema } from '@/lib/contracts/surface';
import { surfacePlanSchema } from '@/lib/contracts/surface-plan';
import { BODY_LIMITS } from '@/lib/limits';
import { previewQuerySchema, sessionsQuerySchema, surfaceQuerySchema } from '@/lib/schemas/preview-query';
import { surfacePlanRequestSchema } from '@/lib/schemas/surface-plan';
import { endpoint } from './endpoint';
import { projectParams } from './params';

/** What a proxy presents, what a model would see, and what a change of the surface config would do (§surface). */
export const SURFACE_ENDPOINTS = {
  preview: endpoint({
    method: 'get',
    path: '/api/projects/{id}/preview',
    params: projectParams,
    query: previewQuerySchema,
    rule: '§surface',
    tag: 'surface',
    access: 'surface:read',
    summary:
      'The exact tool list per presentation mode, through an MCP client and model with its tool-search settings, for a target: names as the model receives them, what it sees of each tool, caps, refusals and tokens',
    responses: {
      200: {
        description:
          'The client (how it composes names, what is known of it and what is not); per mode: the ordered list by final name with what happens to each tool (renamed, refused by the client or the provider, too long, colliding), count, caps, fits/overBy, problems, whether the request as a whole would be refused and the naming change that fixes it, leftOut, tokens and method, instruction; the replayed session when asked. Per tool its visibility (full: schema up front; name: name only until a search loads it; hidden: behind a namespace, source line or virtual group) and why; per mode the counts of the three, tokens up front and per search beside the all-definitions figure. Caps are checked against what is sent in full. The lists are built for one MCP revision (`protocol`; default: the one the client most likely uses, 2025-11-25 today): on 2026-07-28 they are the stateless lists the proxy serves such a request; each mode says what that revision changes, and the client which revisions it speaks.',
        schema: previewResponseSchema,
      },
    },
    errors: ['SESSION_NOT_FOUND'],
  }),
  surface: endpoint({
    method: 'get',
    path: '/api/projects/{id}/surface',
    params: projectParams,
    query: surfaceQuerySchema,
    rule: '§surface',
    tag: 'surface',
    access: 'surface:read',
    summary: 'What a proxy presents, named by the scheme in force; the fingerprint is the ETag',
    headers: [{ name: 'If-None-Match', description: 'The ETag you have: 304 until something a proxy would present changes.', schema: { type: 'string' } }],
    responses: {
      200: {
        description:
          'The surface document: mode, naming and server key, limits, favourites, the presented → canonical map and the instruction for the scheme in force.',
        schema: surfaceDocumentSchema,
        headers: { ETag: 'The fingerprint.' },
      },
      304: { description: 'Not modified.', mediaType: null, headers: { ETag: 'The fingerprint.' } },
    },
  }),
  plan: endpoint({
    method: 'post',
    path: '/api/projects/{id}/surface/plan',
    params: projectParams,
    json: surfacePlanRequestSchema,
    bodyLimit: BODY_LIMITS.document,
    rule: '§surface',
    tag: 'surface',
    access: 'admin',
    summary: 'What saving a surface config would change for the clients, without saving it',
    description:
      'To save the change, PATCH /api/projects/{id} with surface set to the proposed config and expectedSurface set to current: if the config changed meanwhile the PATCH answers 409 CONFLICT and saves nothing.',
    responses: {
      200: {
        description:
          'The config in force and the one proposed, the fields that differ (path, before, after), and per connected proxy (or the project as uploaded, when none is connected) the tools a new session receives before and after, with the canonical names gained and lost (at most 25 each, with totals).',
        schema: surfacePlanSchema,
      },
    },
  }),
  sessions: endpoint({
    method: 'get',
    path: '/api/projects/{id}/sessions',
    params: projectParams,
    query: sessionsQuerySchema,
    tag: 'surface',
    access: 'admin',
    summary: 'Recently active recorded sessions, for the preview’s replay',
    responses: { 200: { description: 'The sessions, most recently active first.', schema: sessionListSchema } },
  }),
};
