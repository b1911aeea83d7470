import { z } from 'zod';
import { NAMESPACES } from '@/lib/names/resolution';
import { favouriteIndexSchema } from './favourites';
import { count, isoDate, isoDateTime, share } from './shared';

/** A usage window: `days` whole UTC days, `from` to `to` inclusive. */
export const usageWindowSchema = z.object({ from: isoDate, to: isoDate, days: count });
export type UsageWindow = z.infer<typeof usageWindowSchema>;

/** One attributed tool of the window, ranked (§usage order: calls, sessions, last use, name). */
export const rankedToolSchema = z.object({
  tool: z.string(),
  calls: count,
  errors: count,
  sessions: count.describe('Distinct sessions per UTC day, summed over the window.'),
  lastUsed: isoDateTime.nullable(),
  rank: count.describe('1-based position in the ranking.'),
  share: share.describe('calls / all attributed calls of the window.'),
  cumulativeShare: share,
  pinned: z.boolean().describe('In the current favourites.'),
  inCatalog: z.boolean().describe('In the current catalog.'),
});
export type RankedTool = z.infer<typeof rankedToolSchema>;

const totals = {
  calls: count.describe('Every call: attributed + unresolved + meta.'),
  attributed: count.describe('Calls resolved to a canonical server/tool.'),
  unresolved: count,
  meta: count,
};

export const seriesDaySchema = z.object({
  day: isoDate,
  ...totals,
  namespaces: z.record(z.enum(NAMESPACES), count).describe('Calls by the namespace the name was presented in.'),
});
export type SeriesDay = z.infer<typeof seriesDaySchema>;

export const coverageSchema = z.object({
  share: share.describe("Share of the window's attributed calls that went to a tool in the current favourites."),
  calls: count,
  attributed: count,
  curve: z.array(z.object({ k: count, share })).describe('The share the top-k tools take, k = 1 … tools used.'),
  atMaxFavourites: share,
  pinned: z
    .array(z.object({ tool: z.string(), calls: count, rank: count.nullable().describe('Null when it had no calls in the window.') }))
    .describe('Every pinned tool, in favourites order.'),
});
export type Coverage = z.infer<typeof coverageSchema>;

export const unresolvedUsageSchema = z.object({
  name: z.string().describe('The name as presented, which nothing could resolve.'),
  calls: count,
  lastUsed: isoDateTime,
  reason: z.string().nullable().describe('Why the latest such call did not resolve; null once its raw events are past retention.'),
});
export type UnresolvedUsage = z.infer<typeof unresolvedUsageSchema>;

/** One model's or client's calls over the window. */
export const breakdownRowSchema = z.object({
  name: z.string().nullable().describe('The model or client; null for calls whose events named none.'),
  calls: count,
  share: share.describe("Its part of the window's calls."),
  errors: count,
  sessions: count.describe('Sessions first seen in the window.'),
  favouriteCalls: count.describe('Calls made through a favourite’s own name (fav_… or favourite/…).'),
  metaCalls: count,
  unresolvedCalls: count,
});
export type BreakdownRow = z.infer<typeof breakdownRowSchema>;

export const usageBreakdownSchema = z
  .object({ models: z.array(breakdownRowSchema), clients: z.array(breakdownRowSchema) })
  .describe('Every call of the window by model and by client, most calls first (whatever `status`).');
export type UsageBreakdown = z.infer<typeof usageBreakdownSchema>;

/** GET /api/projects/{id}/usage (§usage). */
export const usageReportSchema = z.object({
  project: z.string(),
  window: usageWindowSchema,
  status: z.enum(['all', 'ok']),
  sessionCounting: z.literal('per-day').describe('Distinct sessions per UTC day, summed over the window’s days.'),
  totals: z.object({ ...totals, tools: count.describe('How many tools were ranked.') }),
  rows: z.array(rankedToolSchema).describe('The ranked tools; the first `top` of them when asked.'),
  series: z.array(seriesDaySchema).describe('Every day of the window, oldest first.'),
  favourites: favouriteIndexSchema.extend({ version: count }),
  coverage: coverageSchema,
  unresolved: z.array(unresolvedUsageSchema).describe('The most called unresolved names of the window, at most 100.'),
  unresolvedOthers: z
    .object({
      names: count.describe('Unresolved names not listed: past the first 100, or counted in a day’s rest (§usage), where a name counts once per day.'),
      calls: count.describe('Their calls: `totals.unresolved` less the listed names’ calls.'),
    })
    .describe('What `unresolved` leaves out.'),
  breakdown: usageBreakdownSchema,
});
export type UsageReport = z.infer<typeof usageReportSchema>;

export const projectUsageOverviewSchema = z.object({
  id: z.string(),
  calls: count,
  daily: z.array(z.object({ day: isoDate, calls: count })).describe('Every day of the window, oldest first.'),
});
export type ProjectUsageOverview = z.infer<typeof projectUsageOverviewSchema>;

/** GET /api/usage: every project's calls per day (the projects list's sparklines). */
export const usageOverviewSchema = z.object({
  window: usageWindowSchema,
  projects: z.array(projectUsageOverviewSchema),
});
export type UsageOverview = z.infer<typeof usageOverviewSchema>;
