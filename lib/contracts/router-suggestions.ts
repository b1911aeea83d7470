import { z } from 'zod';
import { routerOpSchema, routerSchema, singletonSchema } from '@/lib/schemas/routers';
import { TOKEN_METHOD_IDS } from './preview';
import { count, int } from './shared';

/** What presenting routers instead of their tools one by one saves (#49). */
export const routerSavingsSchema = z.object({
  tools: z.object({ before: count, after: count, saved: int }).describe('Tools presented: before one by one, after as routers.'),
  tokens: z
    .object({ before: count, after: count, saved: int, method: z.enum(TOKEN_METHOD_IDS) })
    .describe("The tools' definitions under their typed names (server__tool) against the routers' own, by the project target's token count."),
});

export const routerSuggestionSchema = z.object({
  router: routerSchema.describe('A valid router, its name free among the routers in force and the other suggestions.'),
  kind: z.enum(['noun', 'verb']).describe('noun: tools acting on one thing (get_issue, list_issues); verb: one act over several things with one input shape.'),
  server: z.string(),
  why: z.string().describe('Why these tools belong together, in one sentence.'),
  saves: routerSavingsSchema,
});
export type RouterSuggestionView = z.infer<typeof routerSuggestionSchema>;

/** Where one tool placed nowhere goes, by the rule the team follows (§routers). */
export const placementSchema = z.discriminatedUnion('rule', [
  z.object({
    tool: z.string(),
    rule: z.literal('existing-router').describe('A router in force owns its shape: a new op there.'),
    router: z.string(),
    op: routerOpSchema,
    why: z.string(),
  }),
  z.object({
    tool: z.string(),
    rule: z.literal('new-router').describe('A new shape with siblings: a new router (in unplaced.newRouters, by name) with its siblings.'),
    router: z.string(),
    why: z.string(),
  }),
  z.object({
    tool: z.string(),
    rule: z.literal('singleton').describe('A true one-off: a singleton with its reason written down.'),
    singleton: singletonSchema,
    why: z.string(),
  }),
]);
export type PlacementView = z.infer<typeof placementSchema>;

const page = { total: count, offset: count, limit: count };

/** GET /api/projects/{id}/routers/suggestions: routers to fold the catalog into, where each tool placed nowhere goes, and the presented count against the budget. */
export const routerSuggestionsSchema = z.object({
  project: z.string(),
  routersVersion: count.describe('The routers version the proposals were made against: apply one over that version (If-Match).'),
  catalogTools: count,
  presented: z
    .object({
      tools: count.describe('Tools the routers mode presents with the routers in force: the agent tools, the favourites, each router, each tool on its own.'),
      budget: count.describe('surface.toolBudget: the most tools a model should be shown in all.'),
      agentTools: count.describe("The agent's own tools, counted in tools."),
      favourites: count.describe('Favourites listed under their favourite names, counted in tools.'),
      routers: count.describe('Routers listed, counted in tools.'),
    })
    .describe('The routers mode as the preview and the proxy list it, for the whole catalog.'),
  suggestions: z.object({
    ...page,
    saves: routerSavingsSchema.describe('All the suggestions together (total, not the page).'),
    items: z.array(routerSuggestionSchema).describe('Most tools saved first, then most tokens saved, then in catalog order.'),
  }),
  unplaced: z.object({
    ...page,
    items: z.array(placementSchema).describe('Catalog tools in no router and no singleton, in catalog order, each with where it goes.'),
    newRouters: z.array(routerSuggestionSchema).describe("The new routers this page's new-router placements name, each with all its ops."),
  }),
});
export type RouterSuggestionsView = z.infer<typeof routerSuggestionsSchema>;
