import { z } from 'zod';
import { count, int, isoDateTime, savedVersionSchema, settingHistorySchema } from './shared';

/** A favourite index: the pinned tools in order, the cap, and whether favourites are on (§favourites). */
export const favouriteIndexSchema = z.object({
  enabled: z.boolean(),
  maxFavourites: int,
  tools: z.array(z.string()).describe('Canonical server/tool names, in pinned order.'),
});
export type FavouriteIndex = z.infer<typeof favouriteIndexSchema>;

/** GET /api/projects/{id}/favourites: the favourites, their version (also the ETag) and their flags. */
export const favouritesViewSchema = z.object({
  project: z.string(),
  ...favouriteIndexSchema.shape,
  version: count.describe('The favourites version; the ETag is it quoted, e.g. "7".'),
  updatedAt: isoDateTime,
  pinned: count,
  full: z.boolean().describe('Pinning is refused while the list holds maxFavourites tools.'),
  missingFromCatalog: z.array(z.string()).describe('Pinned tools the current catalog does not list: allowed, and flagged.'),
});
export type FavouritesView = z.infer<typeof favouritesViewSchema>;

/** The answer of every favourites write: the favourites after it, and whether it changed anything. */
export const favouritesWriteResultSchema = favouritesViewSchema.extend({
  changed: z.boolean().describe('False when the write changed nothing (already pinned, not pinned, same list): the version stays.'),
  warning: z
    .string()
    .nullable()
    .describe(
      "Set when a tool this write pins reaches no client (a proxy is connected and none runs its server, or the project's tool policy denies it to every identity, §policy; the dashboard asks before it pins such a tool), or when the pin pushes the list of the mode in force past the attention budget (`surface.toolBudget`, §routers), saying what would have to leave first. The pin is stored all the same.",
    ),
});
export type FavouritesWriteResult = z.infer<typeof favouritesWriteResultSchema>;

/** What one favourites change did, in the terms a person reads in the history. */
export const changeSummarySchema = z.object({
  added: z.array(z.string()),
  removed: z.array(z.string()),
  reordered: z.boolean().describe('Tools kept in the list whose relative order changed.'),
  enabled: z.object({ from: z.boolean(), to: z.boolean() }).optional(),
  maxFavourites: z.object({ from: int, to: int }).optional(),
});
export type ChangeSummary = z.infer<typeof changeSummarySchema>;

export const favouriteChangeViewSchema = savedVersionSchema(favouriteIndexSchema, 'ui, api, cli, yaml or demo');
export type FavouriteChangeView = z.infer<typeof favouriteChangeViewSchema>;

export const favouritesHistoryEntrySchema = favouriteChangeViewSchema.extend({
  summary: changeSummarySchema,
  description: z.string().describe('The change in one line, e.g. "pinned a, b · reordered".'),
});
export type FavouritesHistoryEntry = z.infer<typeof favouritesHistoryEntrySchema>;

/** GET /api/projects/{id}/favourites/history: changes, newest first. */
export const favouritesHistorySchema = settingHistorySchema(favouritesHistoryEntrySchema).extend({
  next: count.nullable().describe('The `before` of the next page, or null on the last.'),
});
export type FavouritesHistory = z.infer<typeof favouritesHistorySchema>;
