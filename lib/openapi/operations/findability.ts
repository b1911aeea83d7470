import { findabilityResponseSchema, testQueryListSchema } from '@/lib/contracts/findability';
import { findabilityQuerySchema, replaceTestQueriesSchema } from '@/lib/schemas/findability';
import type { PathOperations } from '../operation';
import { JSON_TYPE } from './shared';

const TEST_QUERIES = { description: 'The test queries, in the order the project keeps them.', schema: testQueryListSchema };

export const FINDABILITY_OPERATIONS: Record<string, PathOperations> = {
  '/api/projects/{id}/findability': {
    get: {
      tag: 'surface',
      access: 'admin',
      summary: 'Whether a deferring client’s tool search finds each tool it defers, which siblings beat it, and what to change in its description',
      query: findabilityQuerySchema,
      responses: {
        200: {
          description:
            'The search used (client or provider, method, results per search, and whether favindex ranks by an approximation); per deferred tool: each query (its name, its description, the test queries kept for it) with the rank and whether it is found, the siblings it cannot be told from with the words they share, and advice; the test queries with found / missed / loaded / not-in-catalog; summary counts.',
          schema: findabilityResponseSchema,
        },
      },
    },
  },
  '/api/projects/{id}/findability/queries': {
    get: {
      tag: 'surface',
      access: 'admin',
      summary: 'The test queries kept with the project: a text, and the tool a search for it should find',
      responses: { 200: TEST_QUERIES },
    },
    put: {
      tag: 'surface',
      access: 'admin',
      summary: 'Replace the test queries; a bad entry (empty, too long, unknown tool, listed twice, too many) refuses the request and keeps the list as it was',
      body: { required: true, content: { [JSON_TYPE]: replaceTestQueriesSchema } },
      responses: { 200: TEST_QUERIES },
    },
  },
};
