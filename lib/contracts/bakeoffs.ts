import { z } from 'zod';
import { FAILURE_CLASSES } from '@/lib/arguments/classes';
import { METRIC_NAMES } from '@/lib/bakeoff/metrics';
import { bakeoffPresentationSchema } from '@/lib/schemas/bakeoffs';
import { count, isoDateTime } from './shared';

const metricName = z.enum(METRIC_NAMES);
const estimate = z.number().nullable();

/** A metric in a row of the results: a share as a fraction 0–1, or a mean; null where the runs leave it undefined. */
export const bakeoffValueSchema = z.object({
  estimate: estimate.describe('The share or the mean; null over no runs (cached tokens when no turn reported them).'),
  low: estimate.describe('The 95% interval: Wilson for shares, t for means; null below two runs for a mean.'),
  high: estimate,
  n: count.describe('The runs it is over.'),
});

/** One presentation × model: RockBot's results table, a row. */
export const bakeoffRowSchema = z.object({
  presentation: z.string(),
  model: z.string(),
  n: count,
  values: z.record(metricName, bakeoffValueSchema),
  classes: z.record(z.enum(FAILURE_CLASSES), count).describe('Calls by the failure classes of Usage’s “why calls fail” (a call may have several).'),
  neverRecovered: count.describe(
    'Recoveries from wrong ops (§routers) the runs ended without: routers whose wrong ops no right op of theirs, nor the target, followed. turnsToRecover is the mean over the recoveries made.',
  ),
});

/** The proposed presentation against the baseline on the chosen metric, per model and over all of them. */
export const bakeoffVerdictSchema = z.object({
  metric: metricName,
  proposed: z.string(),
  baseline: z.string(),
  model: z.string().nullable().describe('null: over all models.'),
  n: z.object({ proposed: count, baseline: count }),
  difference: z
    .object({ estimate: z.number(), low: z.number(), high: z.number() })
    .nullable()
    .describe('proposed − baseline, a share as a fraction; null below the runs an interval needs.'),
  standing: z.enum(['beats', 'loses', 'ties']),
  clear: z.boolean().describe('The 95% interval leaves out no difference.'),
  wording: z.string().describe('e.g. "pinned beats lazy on gpt-x by 12 ± 9 points: clear".'),
});

const runSummaryFields = {
  id: z.string(),
  name: z.string(),
  createdAt: isoDateTime,
  createdBy: z.string().nullable().describe('The token that uploaded it; null for the admin.'),
  tasks: count,
  presentations: z.array(z.string()),
  models: z.array(z.string()),
  runs: count.describe('Runs per cell.'),
  cells: count.describe('tasks × presentations × models × runs: the transcripts a finished run has.'),
  transcripts: count.describe('The transcripts counted: one per cell, endpoint failures left out.'),
};

export const bakeoffRunSummarySchema = z.object({
  ...runSummaryFields,
  verdict: z.string().nullable().describe('The verdict over all models; null when baseline and proposed are the same.'),
});

export const bakeoffRunListSchema = z.object({ runs: z.array(bakeoffRunSummarySchema).describe('Newest first.') });

/** One stored run measured again: the setup, the table and the verdicts. */
export const bakeoffRunViewSchema = z.object({
  ...runSummaryFields,
  setup: z.object({
    taskIds: z.array(z.string()),
    presentations: z.array(bakeoffPresentationSchema),
    seed: z.string().nullable(),
    metric: metricName,
    baseline: z.string(),
    proposed: z.string(),
  }),
  table: z.object({ columns: z.array(metricName), rows: z.array(bakeoffRowSchema) }),
  verdicts: z.array(bakeoffVerdictSchema).describe('Per model, then over all models; empty when baseline and proposed are the same.'),
});

export type BakeoffRunSummary = z.infer<typeof bakeoffRunSummarySchema>;
export type BakeoffRunList = z.infer<typeof bakeoffRunListSchema>;
export type BakeoffRunView = z.infer<typeof bakeoffRunViewSchema>;
export type BakeoffValue = z.infer<typeof bakeoffValueSchema>;

/** The transcripts export: one transcript per line, each a BakeoffTranscript (as `favindex bakeoff --out` writes them). */
export const bakeoffTranscriptsText = {
  type: 'string',
  description: 'One bake-off transcript (JSON) per line, in the order they were uploaded.',
  contentMediaType: 'application/x-ndjson',
  contentSchema: { $ref: '#/components/schemas/BakeoffTranscript' },
} as const;
