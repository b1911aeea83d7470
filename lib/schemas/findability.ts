import { z } from 'zod';
import { TEST_QUERY_LIMITS } from '@/lib/limits';
import { isCanonicalName } from '@/lib/names/canonical';
import { CLIENT_IDS } from '@/lib/surface/clients';
import { TOOL_SEARCH_IDS } from '@/lib/surface/tool-search';
import { SURFACE_MODES } from './surface-config';

/** One test query: a text a model might search by, and the canonical tool it should find. */
export const testQueryItemSchema = z
  .object({
    query: z
      .string()
      .trim()
      .min(1, 'a test query needs some text to search by')
      .max(TEST_QUERY_LIMITS.queryLength, `a test query is at most ${TEST_QUERY_LIMITS.queryLength} characters (Anthropic's regex search takes no more)`),
    tool: z.string().max(512).refine(isCanonicalName, 'tool is the canonical server/tool name the query should find'),
  })
  .strict();

/** A project's test queries, as the API and the YAML keep them: each (query, tool) pair once. */
export const testQueriesSchema = z
  .array(testQueryItemSchema)
  .max(TEST_QUERY_LIMITS.perProject, `a project keeps at most ${TEST_QUERY_LIMITS.perProject} test queries`)
  .superRefine((queries, ctx) => {
    const seen = new Set<string>();
    queries.forEach((q, i) => {
      const key = `${q.tool}\u0000${q.query}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i], message: `'${q.query}' for ${q.tool} is listed twice` });
      seen.add(key);
    });
  });

/** PUT /api/projects/:id/findability/queries replaces the whole list. */
export const replaceTestQueriesSchema = z.object({ queries: testQueriesSchema }).strict();

/** GET /api/projects/:id/findability: a client (its search) or a provider's search, and the mode whose list is searched. */
export const findabilityQuerySchema = z
  .object({
    client: z.enum(CLIENT_IDS).optional(),
    search: z.enum(TOOL_SEARCH_IDS).optional(),
    /** Default: the project's mode. */
    mode: z.enum(SURFACE_MODES).optional(),
  })
  .refine((q) => !(q.client && q.search), { message: 'give client (its search) or search (a provider search), not both', path: ['search'] });

export type FindabilityQuery = z.infer<typeof findabilityQuerySchema>;
