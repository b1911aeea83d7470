import { z } from 'zod';
import { count, isoDate, share } from './shared';

const pickSchema = z.object({
  tools: z.array(z.string()),
  caught: count.describe("The week's attributed calls that went to these tools."),
  share: share.nullable().describe('caught / the week’s attributed calls; null for a week without any (and for the rule, when its train window had none).'),
});

/** One week of the backtest: what each way of choosing the favourites would have caught (§impact). */
export const backtestWeekSchema = z.object({
  from: isoDate,
  to: isoDate,
  calls: count.describe('Attributed calls of the week.'),
  suggested: pickSchema.describe('The top K of the train window before the week, by the suggestion rule (§usage).'),
  pinned: pickSchema.extend({ version: count, enabled: z.boolean() }).describe('The favourites in force when the week began (from the history).'),
  best: pickSchema.describe("The week's own top K: the most any K favourites could have caught."),
});
export type BacktestWeek = z.infer<typeof backtestWeekSchema>;

const weightedSchema = z.object({
  suggested: share.nullable(),
  pinned: share.nullable(),
  best: share.nullable(),
});

/** GET /api/projects/{id}/backtest (§impact). */
export const backtestReportSchema = z.object({
  project: z.string(),
  k: count.describe('How many favourites each week gets.'),
  trainDays: count,
  weeksOfCalls: count.describe('How many weeks, up to the last one, reach back to the first day with calls: the `weeks` used when none is asked for.'),
  weeks: z.array(backtestWeekSchema).describe('Oldest first; the last one ends with the UTC day of `until`.'),
  summary: weightedSchema
    .extend({ calls: count })
    .describe('Over the weeks with calls whose train window had some, weighted by their calls (all three over the same weeks).'),
  curve: z
    .array(z.object({ k: count, suggested: share.nullable(), best: share.nullable() }))
    .describe('The same over every week for other numbers of favourites, K = 1 … maxK.'),
  refresh: z
    .array(z.object({ ageWeeks: count, share: share.nullable(), weeks: count }))
    .describe('What a suggestion still catches a week, two weeks … later: how often to refresh.'),
  recommendation: z.object({
    k: count.nullable().describe('The smallest K from which five more favourites would add under 2 points of calls.'),
    refreshWeeks: count.nullable().describe('The oldest a suggestion may get while catching within 2 points of a fresh one.'),
    targets: z
      .array(z.object({ share, k: count.nullable() }))
      .describe('The fewest favourites the rule needs to catch 50%, 75% and 90% of the calls; null when no K up to maxK does.'),
    text: z.string(),
  }),
});
export type BacktestReport = z.infer<typeof backtestReportSchema>;
