import { z } from 'zod';
import { SURFACE_MODES } from '@/lib/schemas/surface-config';
import { SEARCH_METHODS, TOOL_SEARCH_IDS } from '@/lib/surface/tool-search';
import { count } from './shared';

export const QUERY_ORIGINS = ['name', 'description', 'test'] as const;
export const TEST_QUERY_STATUSES = ['found', 'missed', 'loaded', 'not-listed', 'not-in-catalog'] as const;

/** A test query kept with the project: the tool a search for it should find. */
export const testQuerySchema = z.object({
  query: z.string(),
  tool: z.string().describe('The canonical server/tool name the query should find.'),
});
export type TestQuery = z.infer<typeof testQuerySchema>;

/** GET/PUT /api/projects/{id}/findability/queries. */
export const testQueryListSchema = z.object({ queries: z.array(testQuerySchema) });
export type TestQueryList = z.infer<typeof testQueryListSchema>;

/** One search run for one tool. */
export const findabilityQuerySchema = z.object({
  query: z.string().describe('What was searched: words for BM25, a regular expression for the regex search.'),
  from: z
    .enum(QUERY_ORIGINS)
    .describe('name: the tool’s server and name words; description: its description’s first words; test: a test query kept with the project.'),
  rank: count.nullable().describe('The tool’s place in the results (1 is first); null when the search does not match it at all.'),
  found: z.boolean().describe('Ranked within the tools one search loads.'),
});

export const siblingSchema = z.object({
  tool: z.string(),
  shared: z.array(z.string()).describe('Words the two descriptions share.'),
  own: z.array(z.string()).describe('Words of this tool’s description the sibling’s lacks: none means nothing tells them apart.'),
});

export const findabilityToolSchema = z.object({
  tool: z.string().describe('The canonical server/tool name.'),
  found: z.boolean().describe('Found by a search for its own name or its own description.'),
  bestRank: count.nullable(),
  flagged: z.boolean().describe('Loses to a sibling, or is not found by its own words or by a test query kept for it.'),
  queries: z.array(findabilityQuerySchema),
  losesTo: z.array(siblingSchema).describe('Tools that rank above it, or score within 10% of it, on its own queries: the search cannot tell them apart.'),
  advice: z.array(z.string()).describe('What to change in the description, concretely; empty when nothing needs changing.'),
});
export type FindabilityTool = z.infer<typeof findabilityToolSchema>;

export const testQueryResultSchema = z.object({
  query: z.string(),
  tool: z.string(),
  status: z
    .enum(TEST_QUERY_STATUSES)
    .describe(
      'found / missed by the search; loaded: the client keeps the tool loaded, no search needed; not-listed: the mode’s list does not hold it (e.g. lazy, before activation); not-in-catalog: no such tool now.',
    ),
  rank: count.nullable(),
});

/** GET /api/projects/{id}/findability. */
export const findabilityResponseSchema = z.object({
  project: z.string(),
  client: z.object({ id: z.string(), label: z.string() }).nullable().describe('The client asked for; null when a provider search was asked for.'),
  mode: z.enum(SURFACE_MODES),
  search: z.object({
    id: z.enum(TOOL_SEARCH_IDS),
    tool: z.string().describe('The search tool the model calls.'),
    method: z.enum(SEARCH_METHODS).describe('How the client or provider ranks.'),
    ranking: z.enum(['bm25', 'regex']).describe('How favindex ranked here.'),
    approximation: z.boolean().describe('True when favindex cannot run the real method and ranked by BM25 instead.'),
    limit: count.describe('Tools one search loads: a tool ranked past this is not found.'),
    reads: z.string(),
    source: z.string(),
  }),
  method: z.string().describe('How the queries were built and ranked, in words.'),
  summary: z.object({
    deferred: count.describe('Tools the client defers: the list’s catalog tools not kept loaded.'),
    loaded: count.describe('Catalog tools the client keeps loaded (alwaysLoad).'),
    found: count,
    notFound: count,
    losingToSiblings: count,
    flagged: count,
    testQueries: z.object({ found: count, missed: count, loaded: count, notListed: count, notInCatalog: count }),
  }),
  tools: z.array(findabilityToolSchema).describe('Every deferred tool, flagged ones first, then in catalog order.'),
  testQueries: z.array(testQueryResultSchema),
});
export type FindabilityResponse = z.infer<typeof findabilityResponseSchema>;
