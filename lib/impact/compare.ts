import type { ImpactMeasureResult, ImpactSegment } from '@/lib/contracts/impact';
import { compareRatios, type RatioCell } from '@/lib/stats/bootstrap';
import { IMPACT_MEASURES, MEASURE_DEFINITIONS, measureValue, SUM_DIMS } from './measures';
import { itemAt } from '@/lib/arrays';

/**
 * Sessions of one side that share every value: one row of the session rollup grouped by what
 * the measures read. Model and client are '' when the events named none.
 */
export interface SessionCellRow {
  model: string;
  client: string;
  mode: string;
  calls: number;
  errors: number;
  favouriteCalls: number;
  metaCalls: number;
  offCatalogCalls: number;
  callsBeforeSuccess: number;
  firstCallFailed: boolean;
  /** Calls to catalog tools whose arguments were checked, and those found well-formed. */
  checkedCalls: number;
  wellFormedCalls: number;
  /** Whether the session's first tool call was right; null when it was not checked or there was none. */
  firstToolRight: boolean | null;
  /** How many sessions had exactly these values. */
  sessions: number;
}

export interface CompareSettings {
  minSessions: number;
  replicates: number;
  confidence: number;
  seed: number;
  /** Models, clients and modes beyond this many (fewest sessions first) are left out. */
  maxValuesPerDimension: number;
}

type Dimension = Exclude<ImpactSegment['dimension'], 'all'>;
const DIMENSIONS: Dimension[] = ['model', 'client', 'mode'];

interface Segment {
  dimension: ImpactSegment['dimension'];
  value: string | null;
  matches: (row: SessionCellRow) => boolean;
}

function valuesOf(row: SessionCellRow): number[] {
  return [
    1,
    row.calls,
    row.errors,
    row.favouriteCalls,
    row.metaCalls,
    row.offCatalogCalls,
    row.callsBeforeSuccess,
    row.firstCallFailed ? 1 : 0,
    row.checkedCalls,
    row.wellFormedCalls,
    row.firstToolRight === null ? 0 : 1,
    row.firstToolRight ? 1 : 0,
  ];
}

/** The segments to report: every session, then each dimension's values, most sessions first. */
function segmentsOf(rows: readonly SessionCellRow[], max: number): Segment[] {
  const segments: Segment[] = [{ dimension: 'all', value: null, matches: () => true }];
  for (const dimension of DIMENSIONS) {
    const sessions = new Map<string, number>();
    for (const row of rows) sessions.set(row[dimension], (sessions.get(row[dimension]) ?? 0) + row.sessions);
    const values = [...sessions].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, max);
    for (const [value] of values) segments.push({ dimension, value: value === '' ? null : value, matches: (row) => row[dimension] === value });
  }
  return segments;
}

function verdictOf(result: Omit<ImpactMeasureResult, 'verdict' | 'measure'>): ImpactMeasureResult['verdict'] {
  if (!result.difference) return 'not-enough-data';
  if (result.difference.low > 0) return 'higher';
  if (result.difference.high < 0) return 'lower';
  return 'no-clear-change';
}

/** One side's exact sums per segment, and per segment and measure the (numerator, denominator) cells its bootstrap draws from. */
interface Side {
  sums: number[][];
  cells: Map<string, RatioCell>[][];
}

/**
 * One pass over a side's rows: each row's values and measure pairs are worked out once and
 * added to every segment it is in (every session, its model, its client, its mode).
 */
function sideOf(rows: readonly SessionCellRow[], segments: readonly Segment[]): Side {
  const sums = segments.map(() => new Array<number>(SUM_DIMS).fill(0));
  const cells = segments.map(() => IMPACT_MEASURES.map(() => new Map<string, RatioCell>()));
  for (const row of rows) {
    const values = valuesOf(row);
    const get = (d: number) => itemAt(values, d);
    const pairs = IMPACT_MEASURES.map((measure) => MEASURE_DEFINITIONS[measure].ratio(get));
    segments.forEach((segment, s) => {
      if (!segment.matches(row)) return;
      {
        const sum = itemAt(sums, s);
        for (let d = 0; d < SUM_DIMS; d++) sum[d] = itemAt(sum, d) + itemAt(values, d) * row.sessions;
      }
      pairs.forEach(([numerator, denominator], m) => {
        const key = `${numerator}|${denominator}`;
        const cell = itemAt(itemAt(cells, s), m).get(key);
        if (cell) cell.count += row.sessions;
        else itemAt(itemAt(cells, s), m).set(key, { numerator, denominator, count: row.sessions });
      });
    });
  }
  return { sums, cells };
}

/**
 * Compare the sessions before a change with those after it (§impact): for every session and
 * for each model, client and mode, each measure's value on both sides, and for groups with
 * enough sessions on both sides, bootstrap intervals for the difference and the relative change.
 * Each measure resamples only the (numerator, denominator) pairs it reads, which are few
 * whatever the number of sessions, so the work stays small as a project grows.
 */
export function compareSessions(before: readonly SessionCellRow[], after: readonly SessionCellRow[], settings: CompareSettings): ImpactSegment[] {
  const segments = segmentsOf([...before, ...after], settings.maxValuesPerDimension);
  const sides = { before: sideOf(before, segments), after: sideOf(after, segments) };
  return segments.map((segment, i) => {
    const sums = { before: itemAt(sides.before.sums, i), after: itemAt(sides.after.sums, i) };
    const judged = itemAt(sums.before, 0) >= settings.minSessions && itemAt(sums.after, 0) >= settings.minSessions;
    const measures = IMPACT_MEASURES.map((measure, m): ImpactMeasureResult => {
      const pointBefore = measureValue(measure, (d) => itemAt(sums.before, d));
      const pointAfter = measureValue(measure, (d) => itemAt(sums.after, d));
      if (!judged || pointBefore === null || pointAfter === null) {
        return { measure, before: pointBefore, after: pointAfter, difference: null, relative: null, verdict: 'not-enough-data' };
      }
      const comparison = compareRatios([...itemAt(itemAt(sides.before.cells, i), m).values()], [...itemAt(itemAt(sides.after.cells, i), m).values()], {
        replicates: settings.replicates,
        confidence: settings.confidence,
        seed: (settings.seed + i * 7919 + m * 104_729) >>> 0,
      });
      return { measure, ...comparison, verdict: verdictOf(comparison) };
    });
    return {
      dimension: segment.dimension,
      value: segment.value,
      before: { sessions: itemAt(sums.before, 0), calls: itemAt(sums.before, 1) },
      after: { sessions: itemAt(sums.after, 0), calls: itemAt(sums.after, 1) },
      enoughData: judged,
      measures,
    };
  });
}
