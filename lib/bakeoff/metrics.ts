import { type ArgumentProblem, FAILURE_CLASSES, type FailureClass } from '@/lib/arguments/classes';
import { failureClassesOf, isWellFormed } from '@/lib/arguments/classify';
import { SchemaChecks } from '@/lib/arguments/schema-checks';
import { schemaProblems, taskProblems } from './argument-checks';
import { type Mean, meanOf, type Proportion, wilson } from './intervals';
import { recoveryOf } from './recovery';
import type { BakeoffTask } from './task-schema';
import { type CellKey, countedTranscripts, isWrongOp, type ToolCallRecord, type Transcript } from './transcript';
import { isOneOf, recordOf } from '@/lib/records';

/** The tools' inputSchemas by canonical name, as the presentation showed them. */
export type ToolSchemas = Readonly<Record<string, Record<string, unknown>>>;

export interface MeasureOptions {
  schemas?: ToolSchemas;
  /** Compiled schemas to reuse across calls; one is made per call of measureRuns otherwise. */
  checks?: SchemaChecks;
}

/** What one call was, judged against its task. */
export interface CallVerdict {
  isTarget: boolean;
  /** Its arguments are a JSON object, it named a real tool, and that tool's schema found nothing. */
  wellFormed: boolean;
  /** A call of the target that also passes the task's checks. */
  passes: boolean;
  classes: FailureClass[];
  problems: ArgumentProblem[];
}

/** One run's measures, as the seed projects defined them. */
export interface RunMeasures {
  key: CellKey;
  /** The first tool call resolves to the target. */
  targetFirst: boolean;
  /** …and passes the argument checks. */
  firstCallCorrect: boolean;
  /** Every call is well-formed (vacuously so with no calls). */
  wellFormed: boolean;
  /** The target was called with passing arguments before the run ended. */
  completed: boolean;
  toolCalls: number;
  /** Calls before the first call of the target; all of them when it was never called. */
  wander: number;
  /** Router calls naming an op the router lacks (§routers). */
  wrongOps: number;
  /** Per recovery from wrong ops, the turns it took (recoveryOf): the mean is over recoveries, not runs. */
  turnsToRecover: number[];
  /** Recoveries the run ended without. */
  neverRecovered: number;
  /** Input tokens over the run's model turns, per turn; null with no turns. */
  inputTokensPerTurn: number | null;
  /** Cached input tokens summed over the turns that reported them; null when none did. */
  cachedTokens: number | null;
  wallMs: number;
  /** Calls by failure class (a call may have several classes). */
  classes: Record<FailureClass, number>;
}

export function judgeCall(call: ToolCallRecord, task: BakeoffTask, checks: SchemaChecks, schemas: ToolSchemas = {}): CallVerdict {
  const isTarget = call.canonical === task.target;
  if (call.source) return { isTarget: false, wellFormed: call.arguments.ok, passes: false, classes: [], problems: [] };
  if (call.canonical === null) {
    // A wrong op is a call of a real router: not an invented tool, a class of its own.
    const unknownOp = isWrongOp(call);
    const facts = { inventedTool: !unknownOp, unknownOp, inventedServer: call.inventedServer !== undefined, status: 'ok' };
    return { isTarget, wellFormed: false, passes: false, classes: failureClassesOf(facts), problems: [] };
  }
  const fromSchema = schemaProblems(call.arguments, schemas[call.canonical], checks);
  const fromTask = isTarget ? taskProblems(call.arguments, task.arguments, checks) : [];
  const seen = new Set(fromSchema.map((p) => `${p.path}\u0000${p.class}`));
  const problems = [...fromSchema, ...fromTask.filter((p) => !seen.has(`${p.path}\u0000${p.class}`))];
  return {
    isTarget,
    wellFormed: isWellFormed(failureClassesOf({ problems: fromSchema, status: 'ok' })),
    passes: isTarget && problems.length === 0,
    classes: failureClassesOf({ problems, status: 'ok' }),
    problems,
  };
}

function noClasses(): Record<FailureClass, number> {
  return recordOf(FAILURE_CLASSES, () => 0);
}

export function measureRun(task: BakeoffTask, transcript: Transcript, options: MeasureOptions = {}): RunMeasures {
  const checks = options.checks ?? new SchemaChecks();
  const verdicts = transcript.calls.map((call) => judgeCall(call, task, checks, options.schemas));
  const firstTarget = verdicts.findIndex((v) => v.isTarget);
  const classes = noClasses();
  for (const verdict of verdicts) for (const c of verdict.classes) classes[c]++;
  const { turns } = transcript;
  const reported = turns.filter((t) => t.cachedTokens !== undefined);
  const recovery = recoveryOf(transcript.calls, task.target);
  return {
    key: { ...transcript.key },
    targetFirst: verdicts[0]?.isTarget ?? false,
    firstCallCorrect: verdicts[0]?.passes ?? false,
    wellFormed: verdicts.every((v) => v.wellFormed),
    completed: verdicts.some((v) => v.passes),
    toolCalls: verdicts.length,
    wander: firstTarget < 0 ? verdicts.length : firstTarget,
    ...recovery,
    inputTokensPerTurn: turns.length > 0 ? turns.reduce((sum, t) => sum + t.inputTokens, 0) / turns.length : null,
    cachedTokens: reported.length > 0 ? reported.reduce((sum, t) => sum + (t.cachedTokens ?? 0), 0) : null,
    wallMs: turns.reduce((sum, t) => sum + t.wallMs, 0),
    classes,
  };
}

/**
 * Every counted transcript (one per cell: see countedTranscripts) measured against its task.
 * A transcript of a task not in the file is an error: its results would be judged by nothing.
 */
export function measureRuns(tasks: readonly BakeoffTask[], transcripts: readonly Transcript[], options: MeasureOptions = {}): RunMeasures[] {
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const checks = options.checks ?? new SchemaChecks();
  return countedTranscripts(transcripts).map((transcript) => {
    const task = byId.get(transcript.key.taskId);
    if (!task) throw new Error(`a transcript is of task '${transcript.key.taskId}', which the task file does not have`);
    return measureRun(task, transcript, { ...options, checks });
  });
}

export const PROPORTION_METRICS = ['targetFirst', 'firstCallCorrect', 'wellFormed', 'completed'] as const;
export const MEAN_METRICS = ['toolCalls', 'wander', 'wrongOps', 'turnsToRecover', 'inputTokensPerTurn', 'cachedTokens', 'wallMs'] as const;
export type ProportionMetric = (typeof PROPORTION_METRICS)[number];
export type MeanMetric = (typeof MEAN_METRICS)[number];
export type MetricName = ProportionMetric | MeanMetric;
export const METRIC_NAMES: readonly MetricName[] = [...PROPORTION_METRICS, ...MEAN_METRICS];

/** How each metric reads: its label, which way is better, and the unit of a difference. */
export const METRICS: Record<MetricName, { label: string; better: 'higher' | 'lower'; unit: string }> = {
  targetFirst: { label: 'target right first time', better: 'higher', unit: 'points' },
  firstCallCorrect: { label: 'first call correct', better: 'higher', unit: 'points' },
  wellFormed: { label: 'well-formed', better: 'higher', unit: 'points' },
  completed: { label: 'completed', better: 'higher', unit: 'points' },
  toolCalls: { label: 'tool calls', better: 'lower', unit: 'calls' },
  wander: { label: 'wander', better: 'lower', unit: 'calls' },
  wrongOps: { label: 'wrong ops', better: 'lower', unit: 'calls' },
  turnsToRecover: { label: 'turns to recover', better: 'lower', unit: 'turns' },
  inputTokensPerTurn: { label: 'input tokens per turn', better: 'lower', unit: 'tokens' },
  // More of the prompt served from the cache is cheaper and faster.
  cachedTokens: { label: 'cached tokens', better: 'higher', unit: 'tokens' },
  wallMs: { label: 'wall time', better: 'lower', unit: 'ms' },
};

export function isProportionMetric(metric: MetricName): metric is ProportionMetric {
  return isOneOf(PROPORTION_METRICS, metric);
}

/** Measures over a group of runs (a cell, or a presentation × model row). */
export interface Aggregate extends Record<ProportionMetric, Proportion>, Record<MeanMetric, Mean> {
  n: number;
  classes: Record<FailureClass, number>;
  /** Recoveries from wrong ops the runs ended without, summed: beside turns to recover, whose mean is over the others. */
  neverRecovered: number;
}

export function aggregate(runs: readonly RunMeasures[]): Aggregate {
  const share = (metric: ProportionMetric) => wilson(runs.filter((r) => r[metric]).length, runs.length);
  // Turns to recover are per recovery (a run may have none, or several); every other mean is per run.
  const valuesOf = (metric: MeanMetric): number[] =>
    metric === 'turnsToRecover' ? runs.flatMap((r) => r.turnsToRecover) : runs.map((r) => r[metric]).filter((v): v is number => v !== null);
  // Every mean measure is a count, a size or a time: its interval stops at 0.
  const mean = (metric: MeanMetric) => {
    const m = meanOf(valuesOf(metric));
    return { ...m, low: Math.max(0, m.low) };
  };
  const classes = noClasses();
  for (const run of runs) for (const c of FAILURE_CLASSES) classes[c] += run.classes[c];
  return {
    n: runs.length,
    targetFirst: share('targetFirst'),
    firstCallCorrect: share('firstCallCorrect'),
    wellFormed: share('wellFormed'),
    completed: share('completed'),
    toolCalls: mean('toolCalls'),
    wander: mean('wander'),
    wrongOps: mean('wrongOps'),
    turnsToRecover: mean('turnsToRecover'),
    inputTokensPerTurn: mean('inputTokensPerTurn'),
    cachedTokens: mean('cachedTokens'),
    wallMs: mean('wallMs'),
    classes,
    neverRecovered: runs.reduce((sum, r) => sum + r.neverRecovered, 0),
  };
}

/** Runs grouped by a key of their cell, groups in the order their first run came. */
export function groupRuns(runs: readonly RunMeasures[], keyOf: (key: CellKey) => string): Map<string, RunMeasures[]> {
  const groups = new Map<string, RunMeasures[]>();
  for (const run of runs) {
    const key = keyOf(run.key);
    const group = groups.get(key);
    if (group) group.push(run);
    else groups.set(key, [run]);
  }
  return groups;
}

/** A cell without its run index: task × presentation × model, the unit the metrics are per. */
export function cellOf(key: CellKey): string {
  return [key.taskId, key.presentation, key.model].join('\u0000');
}
