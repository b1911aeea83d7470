import { z } from 'zod';

/** GET /api/projects/{id}/routers/history. */
export const routersHistoryQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before: z.coerce.number().int().min(1).optional().describe('Only versions older than this one.'),
});

/** The most suggestions or placements one page of GET …/routers/suggestions holds. */
export const ROUTER_SUGGESTIONS_PAGE_MAX = 200;

const pageLimit = z.coerce.number().int().min(1).max(ROUTER_SUGGESTIONS_PAGE_MAX).default(20);
const pageOffset = z.coerce.number().int().min(0).max(1_000_000).default(0);

/** GET /api/projects/{id}/routers/suggestions: a page of the suggestions and one of the tools placed nowhere. */
export const routerSuggestionsQuerySchema = z.object({
  limit: pageLimit.describe('Suggestions in the page, 1 to 200.'),
  offset: pageOffset.describe('Where the page of suggestions starts (0: the first).'),
  unplacedLimit: pageLimit.describe('Tools placed nowhere in the page, each with where it goes, 1 to 200.'),
  unplacedOffset: pageOffset.describe('Where the page of tools placed nowhere starts.'),
});
export type RouterSuggestionsQuery = z.infer<typeof routerSuggestionsQuerySchema>;
