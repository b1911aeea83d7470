import { findabilityResponseSchema, testQueryListSchema } from '@/lib/contracts/findability';
import { BODY_LIMITS } from '@/lib/limits';
import { findabilityQuerySchema, replaceTestQueriesSchema } from '@/lib/schemas/findability';
import { endpoint } from './endpoint';
import { projectParams } from './params';

const TEST_QUERIES = { description: 'The test queries, in the order the project keeps them.', schema: testQueryListSchema };

/** Whether a deferring client's tool search finds what it defers (§surface). */
export const FINDABILITY_ENDPOINTS = {
  report: endpoint({
    method: 'get',
    path: '/api/projects/{id}/findability',
    params: projectParams,
    query: findabilityQuerySchema,
    rule: '§surface',
    tag: 'surface',
    access: 'admin',
    summary: 'Whether a deferring client’s tool search finds each tool it defers, which siblings beat it, and what to change in its description',
    responses: {
      200: {
        description:
          'The search used (client or provider, method, results per search, and whether favindex ranks by an approximation); per deferred tool: each query (its name, its description, the test queries kept for it) with the rank and whether it is found, the siblings it cannot be told from with the words they share, and advice; the test queries with found / missed / loaded / not-in-catalog; summary counts.',
        schema: findabilityResponseSchema,
      },
    },
  }),
  queries: endpoint({
    method: 'get',
    path: '/api/projects/{id}/findability/queries',
    params: projectParams,
    tag: 'surface',
    access: 'admin',
    summary: 'The test queries kept with the project: a text, and the tool a search for it should find',
    responses: { 200: TEST_QUERIES },
  }),
  replaceQueries: endpoint({
    method: 'put',
    path: '/api/projects/{id}/findability/queries',
    params: projectParams,
    json: replaceTestQueriesSchema,
    bodyLimit: BODY_LIMITS.document,
    rule: '§surface',
    tag: 'surface',
    access: 'admin',
    summary: 'Replace the test queries; a bad entry (empty, too long, unknown tool, listed twice, too many) refuses the request and keeps the list as it was',
    responses: { 200: TEST_QUERIES },
  }),
};
