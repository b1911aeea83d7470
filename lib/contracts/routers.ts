import { z } from 'zod';
import { routerSchema, singletonSchema } from '@/lib/schemas/routers';
import { count, isoDateTime, savedVersionSchema, settingHistorySchema } from './shared';

/** A project's routers as the API writes them (§routers): the stored value, every field as saved. */
export const routersConfigContract = z.object({
  routers: z.array(routerSchema).describe('Each folds tools of one shape into one presented tool with a typed op.'),
  singletons: z.array(singletonSchema).describe('Tools kept on their own, each with the reason it has no sibling.'),
});

/** GET /api/projects/{id}/routers: the routers in force, their version (also the ETag), and the tools they name that the catalog lacks. */
export const routersViewSchema = routersConfigContract.extend({
  project: z.string(),
  version: count.describe('The routers version; 0 while the project has never had routers. The ETag is it quoted, e.g. "3".'),
  updatedAt: isoDateTime.nullable().describe('When the version in force was saved; null at version 0.'),
  ops: count.describe('Ops over every router, list_ops not counted.'),
  missingFromCatalog: z
    .array(z.string())
    .describe('Tools an op or a singleton names that the current catalog does not list: kept (a catalog may list them later), and flagged.'),
});
export type RoutersView = z.infer<typeof routersViewSchema>;

/** The answer of every routers write (PUT, undo): the routers after it, and whether it changed anything. */
export const routersWriteResultSchema = routersViewSchema.extend({
  changed: z.boolean().describe('False when the write changed nothing (the same routers again): the version stays.'),
  warning: z
    .string()
    .nullable()
    .describe(
      'Set when an op or a singleton names a tool the catalog does not list (no client reaches it until a catalog lists it), or when the routers mode’s list with these routers is past the attention budget (`surface.toolBudget`, §routers), saying what would have to leave first. Stored all the same.',
    ),
});
export type RoutersWriteResult = z.infer<typeof routersWriteResultSchema>;

/** A tool's place moved from one router's op (`router.op`) or `singleton` to another. */
export const toolMoveSchema = z.object({ tool: z.string(), from: z.string(), to: z.string() });

/** What one routers change did, in the terms a person reads in the history. */
export const routersChangeSummarySchema = z.object({
  routersAdded: z.array(z.string()),
  routersRemoved: z.array(z.string()),
  placed: z.array(z.string()).describe('Tools now in a router or a singleton that were in neither.'),
  unplaced: z.array(z.string()).describe('Tools in neither now that were in a router or a singleton.'),
  moved: z.array(toolMoveSchema).describe('Tools whose place changed: `router.op` or `singleton`.'),
  reworded: count.describe('Router descriptions, op notes and singleton reasons whose text changed.'),
});
export type RoutersChangeSummary = z.infer<typeof routersChangeSummarySchema>;

export const routersHistoryEntrySchema = savedVersionSchema(routersConfigContract, 'ui, api, cli or yaml').extend({
  summary: routersChangeSummarySchema,
  description: z.string().describe('The change in one line, e.g. "added router issues · placed github/get_issue, github/list_issues".'),
});
export type RoutersHistoryEntry = z.infer<typeof routersHistoryEntrySchema>;

/** GET /api/projects/{id}/routers/history: changes, newest first. */
export const routersHistorySchema = settingHistorySchema(routersHistoryEntrySchema).extend({
  next: count.nullable().describe('The `before` of the next page, or null on the last.'),
});
export type RoutersHistory = z.infer<typeof routersHistorySchema>;

/** POST /api/projects/{id}/routers/undo: the routers after the undo, and the version it undid. */
export const routersUndoResultSchema = routersWriteResultSchema.extend({
  undid: count.describe('The version whose change was undone; the routers are now as they were before it, as a new version.'),
});
export type RoutersUndoResult = z.infer<typeof routersUndoResultSchema>;
