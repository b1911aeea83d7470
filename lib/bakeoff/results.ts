import { z } from 'zod';
import type { FailureClass } from '@/lib/arguments/classes';
import { formatPath, PLAIN_ERRORS } from '@/lib/validation';
import type { Mean, Proportion } from './intervals';
import { aggregate, isProportionMetric, METRIC_NAMES, METRICS, type MetricName, type RunMeasures } from './metrics';
import { RUN_OUTCOMES, type Transcript } from './transcript';
import { errorMessage } from '@/lib/thrown';
import { recordOf } from '@/lib/records';

const count = z.number().int().min(0);

export const transcriptSchema = z
  .object({
    key: z.object({ taskId: z.string().min(1), presentation: z.string().min(1), model: z.string().min(1), run: count }).strict(),
    turns: z.array(z.object({ inputTokens: count, cachedTokens: count.optional(), outputTokens: count, wallMs: z.number().min(0) }).strict()),
    calls: z.array(
      z
        .object({
          turn: count,
          presented: z.string(),
          canonical: z.string().nullable(),
          source: z.enum(['meta', 'agent']).optional(),
          inventedServer: z.string().optional(),
          router: z.string().optional(),
          op: z.string().optional(),
          rawArguments: z.string(),
          arguments: z.union([z.object({ ok: z.literal(true), value: z.unknown() }).strict(), z.object({ ok: z.literal(false), error: z.string() }).strict()]),
        })
        .strict(),
    ),
    outcome: z.enum(RUN_OUTCOMES),
    error: z.string().optional(),
  })
  .strict();

/** A line of a results file that is not a transcript: which line, and what is wrong with it. */
export class ResultsLineError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`line ${line} of the results is not a transcript: ${reason}`);
    this.name = 'ResultsLineError';
  }
}

/** One transcript per line, keys in a fixed order, so equal results give equal files and diffs stay small. */
export function toJsonl(transcripts: readonly Transcript[]): string {
  return transcripts.map((t) => `${JSON.stringify(ordered(t))}\n`).join('');
}

function ordered(t: Transcript): Transcript {
  return {
    key: { taskId: t.key.taskId, presentation: t.key.presentation, model: t.key.model, run: t.key.run },
    turns: t.turns.map((turn) => ({
      inputTokens: turn.inputTokens,
      ...(turn.cachedTokens !== undefined ? { cachedTokens: turn.cachedTokens } : {}),
      outputTokens: turn.outputTokens,
      wallMs: turn.wallMs,
    })),
    calls: t.calls.map((call) => ({
      turn: call.turn,
      presented: call.presented,
      canonical: call.canonical,
      ...(call.source ? { source: call.source } : {}),
      ...(call.inventedServer !== undefined ? { inventedServer: call.inventedServer } : {}),
      ...(call.router !== undefined ? { router: call.router } : {}),
      ...(call.op !== undefined ? { op: call.op } : {}),
      rawArguments: call.rawArguments,
      arguments: call.arguments.ok ? { ok: true, value: call.arguments.value } : { ok: false, error: call.arguments.error },
    })),
    outcome: t.outcome,
    ...(t.error !== undefined ? { error: t.error } : {}),
  };
}

/** Read a results file back; blank lines are skipped, and the first bad line is refused with its number. */
export function fromJsonl(text: string): Transcript[] {
  const transcripts: Transcript[] = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (err) {
      throw new ResultsLineError(i + 1, `not JSON: ${errorMessage(err)}`);
    }
    const result = transcriptSchema.safeParse(value, PLAIN_ERRORS);
    if (!result.success) {
      const [issue] = result.error.issues;
      const path = formatPath(issue?.path ?? []);
      throw new ResultsLineError(i + 1, path ? `${path}: ${issue?.message}` : (issue?.message ?? 'invalid'));
    }
    transcripts.push(result.data);
  });
  return transcripts;
}

/** A metric in a row: the estimate, its 95% bounds, and the runs it is over. */
export interface TableValue {
  estimate: number;
  low: number;
  high: number;
  n: number;
}

export interface ResultsRow {
  presentation: string;
  model: string;
  n: number;
  values: Record<MetricName, TableValue>;
  classes: Record<FailureClass, number>;
  /** Recoveries from wrong ops the runs ended without (turns to recover is the mean of the others). */
  neverRecovered: number;
}

export interface ResultsTable {
  columns: readonly MetricName[];
  rows: ResultsRow[];
}

/**
 * The results as RockBot's table laid them out: a row per presentation × model, a column per
 * metric with its interval and n. Rows come presentation by presentation, each in the order
 * the runs first name them.
 */
export function resultsTable(runs: readonly RunMeasures[], columns: readonly MetricName[] = METRIC_NAMES): ResultsTable {
  const presentations = [...new Set(runs.map((r) => r.key.presentation))];
  const models = [...new Set(runs.map((r) => r.key.model))];
  const rows: ResultsRow[] = [];
  for (const presentation of presentations) {
    for (const model of models) {
      const group = runs.filter((r) => r.key.presentation === presentation && r.key.model === model);
      if (group.length === 0) continue;
      const all = aggregate(group);
      const values = recordOf(METRIC_NAMES, (m) => tableValue(all[m]));
      rows.push({ presentation, model, n: all.n, values, classes: all.classes, neverRecovered: all.neverRecovered });
    }
  }
  return { columns, rows };
}

function tableValue(stat: Proportion | Mean): TableValue {
  return { estimate: stat.estimate, low: stat.low, high: stat.high, n: stat.n };
}

/** The table as Markdown, for a terminal or a pull request: shares in per cent, bounds in brackets, n where it differs from the row's. */
export function formatResultsTable(table: ResultsTable): string {
  const header = ['presentation', 'model', 'n', ...table.columns.map((c) => METRICS[c].label)];
  const lines = [header, header.map(() => '---')];
  for (const row of table.rows) {
    lines.push([row.presentation, row.model, String(row.n), ...table.columns.map((c) => cellText(c, row))]);
  }
  return `${lines.map((cells) => `| ${cells.join(' | ')} |`).join('\n')}\n`;
}

function cellText(metric: MetricName, row: ResultsRow): string {
  const value = formatValue(metric, row.values[metric], row.n);
  const never = metric === 'turnsToRecover' ? neverRecoveredNote(row) : null;
  return never === null ? value : `${value}; ${never}`;
}

/**
 * What turns to recover leaves out: "2 never recovered" beside the mean of the recoveries made;
 * "0 never recovered" says every one was made. Null where no run made a wrong op.
 */
export function neverRecoveredNote(row: { values: Record<'turnsToRecover', { n: number }>; neverRecovered: number }): string | null {
  if (row.values.turnsToRecover.n + row.neverRecovered === 0) return null;
  return `${row.neverRecovered} never recovered`;
}

function formatValue(metric: MetricName, value: TableValue, rowN: number): string {
  if (value.n === 0) return '–';
  const share = isProportionMetric(metric);
  const show = (x: number) => (share ? `${Math.round(x * 100)}%` : number(x));
  const bounds = Number.isNaN(value.low) ? '' : ` [${show(value.low)}, ${show(value.high)}]`;
  return `${show(value.estimate)}${bounds}${value.n === rowN ? '' : ` (n ${value.n})`}`;
}

function number(x: number): string {
  if (Math.abs(x) >= 100) return String(Math.round(x));
  return x.toFixed(2).replace(/\.?0+$/, '');
}
