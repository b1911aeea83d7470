import { z } from 'zod';
import { IMPACT_MEASURES } from '@/lib/impact/measures';
import { REACH_MEASURES } from '@/lib/impact/reach-measures';
import { REVISION_CHANGES } from '@/lib/impact/revisions';
import { SURFACE_MODES } from '@/lib/schemas/surface-config';
import { count, isoDateTime, share } from './shared';

export const IMPACT_DIMENSIONS = ['all', 'model', 'client', 'mode'] as const;
export const IMPACT_VERDICTS = ['lower', 'higher', 'no-clear-change', 'not-enough-data'] as const;

const intervalSchema = z.object({ estimate: z.number(), low: z.number(), high: z.number() });

/** One measure before and after a change, for one group of sessions (§impact). */
export const impactMeasureResultSchema = z.object({
  measure: z.enum(IMPACT_MEASURES),
  before: z.number().nullable().describe('The value over the sessions before; null when nothing to divide by.'),
  after: z.number().nullable(),
  difference: intervalSchema.nullable().describe('after − before with its bootstrap interval; null without enough data.'),
  relative: intervalSchema.nullable().describe('after / before − 1 with its interval; null without enough data, or when before is 0.'),
  verdict: z.enum(IMPACT_VERDICTS).describe('lower or higher when the interval of the difference leaves out 0; not-enough-data below the minimum sessions.'),
});
export type ImpactMeasureResult = z.infer<typeof impactMeasureResultSchema>;

const sideTotalsSchema = z.object({ sessions: count, calls: count });

/** Every session, or those of one model, client or mode. */
export const impactSegmentSchema = z.object({
  dimension: z.enum(IMPACT_DIMENSIONS),
  value: z.string().nullable().describe('The model, client or mode; null for every session, and for events that named no model or client.'),
  before: sideTotalsSchema,
  after: sideTotalsSchema,
  enoughData: z.boolean().describe('Both sides have at least minSessions sessions.'),
  measures: z.array(impactMeasureResultSchema),
});
export type ImpactSegment = z.infer<typeof impactSegmentSchema>;

const revisionTotalsSchema = z.object({
  sessions: count.describe('Sessions first seen under this revision.'),
  calls: count,
  errors: count,
  favouriteCalls: count,
  metaCalls: count,
  unresolvedCalls: count,
  offCatalogCalls: count,
});

/** One surface revision: what changed, and the calls made under it. */
export const surfaceRevisionViewSchema = z.object({
  revision: count,
  at: isoDateTime.describe('When it took effect.'),
  favouritesVersion: count,
  mode: z.enum(SURFACE_MODES),
  naming: z.string(),
  changed: z.array(z.enum(REVISION_CHANGES)),
  via: z.string().describe('Where the change came from: ui, api, cli, yaml or demo; for a catalog change, how the tools/list arrived (api, sync:<trigger>…).'),
  description: z.string().describe('The change in one line.'),
  totals: revisionTotalsSchema,
});
export type SurfaceRevisionView = z.infer<typeof surfaceRevisionViewSchema>;

const sideSchema = z.object({
  revision: count,
  from: isoDateTime.describe('Sessions that started from here…'),
  to: isoDateTime.describe('…up to here (excluded).'),
});

const reachFields = {
  before: share.nullable().describe('The share of sessions before; null when none was read.'),
  after: share.nullable(),
  difference: intervalSchema.nullable().describe('after − before, in shares, with its bootstrap interval; null without enough data.'),
  verdict: z.enum(IMPACT_VERDICTS),
};

/** A share of sessions before and after a change (§impact, reach). */
export const reachMeasureResultSchema = z.object({ measure: z.enum(REACH_MEASURES), ...reachFields });
export type ReachMeasureResult = z.infer<typeof reachMeasureResultSchema>;

export const reachToolResultSchema = z.object({
  tool: z.string().describe('The canonical server/tool.'),
  change: z.enum(['loaded', 'deferred']).describe('loaded: the change made it a favourite; deferred: it took it out.'),
  ...reachFields,
});
export type ReachToolResult = z.infer<typeof reachToolResultSchema>;

const reachSideSchema = z.object({
  sessions: count.describe('Sessions the figures stand for (those whose events are still kept).'),
  sampled: count.describe('Of those, the sessions whose events were read.'),
});

export const reachSegmentSchema = z.object({
  dimension: z.enum(['all', 'client']),
  value: z.string().nullable().describe('The client; null for every session, and for events that named no client.'),
  before: reachSideSchema,
  after: reachSideSchema,
  enoughData: z.boolean().describe('At least minSessions sessions were read on both sides.'),
  measures: z.array(reachMeasureResultSchema),
  tools: z.array(reachToolResultSchema).describe('Each tool the change loaded or deferred, up to a limit.'),
});
export type ReachSegment = z.infer<typeof reachSegmentSchema>;

export const impactReachSchema = z.object({
  loaded: z.array(z.string()).describe('Tools the change made favourites: clients that defer tools keep them loaded now.'),
  deferred: z.array(z.string()).describe('Tools the change took out of the favourites.'),
  toolsLeftOut: count.describe('Changed tools past the limit, counted only together.'),
  sample: z.object({
    maxSessions: count.describe('Sessions read at most per side, split evenly between clients; every session below it.'),
    maxCalls: count.describe('No more sessions are read once their calls pass this.'),
  }),
  since: isoDateTime.nullable().describe('Sessions from here on only: the events before were deleted by the retention.'),
  segments: z.array(reachSegmentSchema).describe('Every session first (each client weighed by its sessions), then each client.'),
});
export type ImpactReach = z.infer<typeof impactReachSchema>;

export const impactComparisonSchema = z.object({
  revision: count.describe('The change judged: this revision against the baseline.'),
  baseline: count,
  description: z.string(),
  at: isoDateTime,
  before: sideSchema,
  after: sideSchema,
  minSessions: count.describe('Fewer sessions than this on a side is not enough data.'),
  replicates: count.describe('Bootstrap resamples of the sessions of each side.'),
  confidence: share,
  segments: z.array(impactSegmentSchema).describe('Every session first, then each model, client and mode, most sessions first.'),
  reach: impactReachSchema.describe('Which sessions used the tools the change loaded or deferred, read from a seeded sample of their events.'),
});
export type ImpactComparison = z.infer<typeof impactComparisonSchema>;

/** GET /api/projects/{id}/impact (§impact). */
export const impactReportSchema = z.object({
  project: z.string(),
  currentRevision: count,
  revisions: z.array(surfaceRevisionViewSchema).describe('The latest revisions, oldest first.'),
  comparison: impactComparisonSchema.nullable().describe('Null while the project has only its first revision.'),
});
export type ImpactReport = z.infer<typeof impactReportSchema>;
