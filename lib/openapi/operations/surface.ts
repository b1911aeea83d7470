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
      summary: 'The exact tool list per presentation mode and target, with caps, name problems and tokens',
      query: previewQuerySchema,
      responses: {
        200: {
          description:
            'Per mode: the ordered list, count, cap, fits/overBy, problems, leftOut, tokens and method, instruction; the replayed session when asked.',
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
      summary: 'What a proxy presents; the fingerprint is the ETag',
      query: surfaceQuerySchema,
      headers: [{ name: 'If-None-Match', description: 'The ETag you have: 304 until something a proxy would present changes.', schema: { type: 'string' } }],
      responses: {
        200: { description: 'The surface document.', schema: surfaceDocumentSchema, headers: { ETag: 'The fingerprint.' } },
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
