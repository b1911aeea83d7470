import { z } from 'zod';
import { ARGUMENT_CHECK_MODES, FAILURE_CLASSES } from '@/lib/arguments/classes';
import { usageWindowSchema } from './usage';
import { count, share } from './shared';
import { recordOf } from '@/lib/records';

/** Calls by failure class (§arguments); a call with two argument problems counts under both. */
export const failureClassCountsSchema = z
  .object(recordOf(FAILURE_CLASSES, () => count))
  .describe('Calls by failure class; a call whose arguments broke two rules counts under both.');
export type FailureClassCounts = z.infer<typeof failureClassCountsSchema>;

/** A key models sent that the tool does not have, with the key it most likely stood for. */
export const wrongKeySchema = z.object({
  tool: z.string().describe('The canonical server/tool.'),
  key: z.string().describe('The path of the key as sent, e.g. $.start.'),
  suggestion: z.string().nullable().describe('The declared key it most likely stood for, e.g. startDate; null when none is close.'),
  model: z.string().nullable().describe('The model that sent it; null for events that named none.'),
  calls: count,
});
export type WrongKey = z.infer<typeof wrongKeySchema>;

const rates = {
  calls: count.describe('Calls in the window that named this tool.'),
  checked: count.describe('Of those, calls whose arguments were checked against the inputSchema (the proxy checked them, or ingest did from their arguments).'),
  wellFormed: count.describe('Checked calls whose arguments broke nothing in the schema.'),
  wellFormedRate: share.nullable().describe('wellFormed / checked; null when no call was checked.'),
  firstCalls: count.describe('Sessions whose first call to this tool was checked.'),
  firstCallRight: count.describe('Of those, sessions whose first call to it was well-formed and succeeded.'),
  firstCallRightRate: share.nullable().describe('firstCallRight / firstCalls; null when there were none.'),
  classes: failureClassCountsSchema,
};

/** One tool for one model and client: how often its calls were well-formed, and why the others failed. */
export const toolArgumentRowSchema = z.object({
  tool: z.string(),
  model: z.string().nullable(),
  client: z.string().nullable(),
  ...rates,
});
export type ToolArgumentRow = z.infer<typeof toolArgumentRowSchema>;

/** One tool over every model and client, ranked by how often models get its arguments wrong. */
export const toolArgumentSummarySchema = z.object({
  tool: z.string(),
  rank: count.describe('1-based: the tool whose checked calls were least often well-formed first.'),
  ...rates,
  wrongKeys: z.array(wrongKeySchema).describe('Its most common wrong keys, most calls first.'),
});
export type ToolArgumentSummary = z.infer<typeof toolArgumentSummarySchema>;

export const uncheckedSchemaSchema = z.object({
  tool: z.string(),
  reason: z.string().describe('Why its inputSchema does not compile, or which of its patterns are not judged and why.'),
  partly: z
    .boolean()
    .describe('False: the schema does not compile and its calls pass unchecked. True: its calls are checked against all but what the reason names.'),
});
export type UncheckedSchema = z.infer<typeof uncheckedSchemaSchema>;

/** GET /api/projects/:id/usage/arguments: why calls fail, per tool, model and client (§arguments). */
export const argumentUsageSchema = z.object({
  project: z.string(),
  window: usageWindowSchema,
  checks: z.enum(ARGUMENT_CHECK_MODES).describe('What the project’s proxies do with the check now: off, observe or enforce.'),
  totals: z.object(rates),
  tools: z.array(toolArgumentSummarySchema).describe('Every tool with a checked call, worst first.'),
  rows: z.array(toolArgumentRowSchema).describe('Each tool by model and client.'),
  wrongKeys: z.array(wrongKeySchema).describe('The most common wrong keys across tools.'),
  unchecked: z.array(uncheckedSchemaSchema).describe('Tools of the current catalog whose inputSchema is not checked in full (§arguments).'),
});
export type ArgumentUsage = z.infer<typeof argumentUsageSchema>;
