import { previewResponseSchema } from '@/lib/contracts/preview';
import { sessionListSchema } from '@/lib/contracts/sessions';
import { surfaceDocumentSchema } from '@/lib/contracts/surface';
import { previewQuerySchema, sessionsQuerySchema, surfaceQuerySchema } from '@/lib/schemas/preview-query';
import type { PathOperations } from '../operation';

export const SURFACE_OPERATIONS: Record<string, PathOperations> = {
  '/api/projects/{id}/preview': {
    get: {
      tag: 'surface',
      access: 'admin',
      summary:
        'The exact tool list per presentation mode, through an MCP client and model with its tool-search settings, for a target: names as the model receives them, what it sees of each tool, caps, refusals and tokens',
      query: previewQuerySchema,
      responses: {
        200: {
          description:
            'The client (how it composes names, what is known of it and what is not); per mode: the ordered list by final name with what happens to each tool (renamed, refused by the client or the provider, too long, colliding), count, caps, fits/overBy, problems, whether the request as a whole would be refused and the naming change that fixes it, leftOut, tokens and method, instruction; the replayed session when asked. Per tool its visibility (full: schema up front; name: name only until a search loads it; hidden: behind a namespace, source line or virtual group) and why; per mode the counts of the three, tokens up front and per search beside the all-definitions figure. Caps are checked against what is sent in full.',
          schema: previewResponseSchema,
        },
      },
      errors: ['SESSION_NOT_FOUND'],
    },
  },
  '/api/projects/{id}/surface': {
    get: {
      tag: 'surface',
      access: 'surface:read',
      summary: 'What a proxy presents, named by the scheme in force; the fingerprint is the ETag',
      query: surfaceQuerySchema,
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
    },
  },
  '/api/projects/{id}/sessions': {
    get: {
      tag: 'surface',
      access: 'admin',
      summary: 'Recently active recorded sessions, for the preview’s replay',
      query: sessionsQuerySchema,
      responses: { 200: { description: 'The sessions, most recently active first.', schema: sessionListSchema } },
    },
  },
};
