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
});
export type SuggestedTool = z.infer<typeof suggestedToolSchema>;

/** GET /api/projects/{id}/suggestions: what to pin, and the project YAML that applies it (§usage). */
export const suggestionsResponseSchema = z.object({
  window: usageWindowSchema,
  maxFavourites: count,
  favouritesVersion: count.describe('The favourites version the suggestion was computed against.'),
  suggested: z.array(suggestedToolSchema).describe('The top tools, in rank order.'),
  add: z.array(z.string()).describe('Suggested but not pinned now, in rank order.'),
  remove: z.array(z.string()).describe('Pinned now but not suggested, in favourites order.'),
  favouriteIndex: favouriteIndexSchema.describe('The favourite index applying the suggestion gives.'),
  yaml: z.string().describe('The project document with these favourites, for POST /api/yaml/apply.'),
});
export type SuggestionsResponse = z.infer<typeof suggestionsResponseSchema>;
