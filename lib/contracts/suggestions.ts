import { z } from 'zod';
import { favouriteIndexSchema } from './favourites';
import { count, share } from './shared';
import { usageWindowSchema } from './usage';

export const suggestedToolSchema = z.object({
  tool: z.string(),
  calls: count,
  share,
  pinned: z.boolean().describe('Pinned now.'),
  inCatalog: z.boolean(),
  refusals: count.describe('Calls of the window a proxy refused by the tool policy: not counted in calls, as they were no use.'),
  deniedTo: z
    .array(z.string())
    .describe("The identities the tool policy denies it to ('token:<name>', 'client:<name>', '*' for anyone no rule names); empty: allowed to all."),
});
export type SuggestedTool = z.infer<typeof suggestedToolSchema>;

/** A tool used or refused in the window that the policy denies to every identity: never suggested (§policy). */
export const withheldToolSchema = z.object({
  tool: z.string(),
  calls: count.describe('Calls that were not refused (made before the policy denied it).'),
  refusals: count.describe('Calls a proxy refused by the tool policy.'),
});
export type WithheldTool = z.infer<typeof withheldToolSchema>;

/** GET /api/projects/{id}/suggestions: what to pin, and the project YAML that applies it (§usage). */
export const suggestionsResponseSchema = z.object({
  window: usageWindowSchema,
  maxFavourites: count,
  favouritesVersion: count.describe('The favourites version the suggestion was computed against.'),
  suggested: z.array(suggestedToolSchema).describe('The top tools, in rank order.'),
  add: z.array(z.string()).describe('Suggested but not pinned now, in rank order.'),
  remove: z.array(z.string()).describe('Pinned now but not suggested, in favourites order.'),
  favouriteIndex: favouriteIndexSchema.describe('The favourite index applying the suggestion gives.'),
  withheld: z
    .array(withheldToolSchema)
    .describe('Tools the policy denies to every identity, left out of the suggestion: used ones in rank order, then refused only.'),
  yaml: z.string().describe('The project document with these favourites, for POST /api/yaml/apply.'),
});
export type SuggestionsResponse = z.infer<typeof suggestionsResponseSchema>;
