import { poissonDraws } from './poisson';
import { seededRandom } from './random';
import { itemAt } from '@/lib/arrays';

/**
 * Sessions that share the same values, and the groups they belong to (say "every session",
 * "model X", "client Y"). Sessions are grouped by their values, so the work grows with the
 * distinct rows, not with the sessions.
 */
export interface SumCell {
  /** How many sessions had exactly these values. */
  count: number;
  /** What one such session adds to each sum, e.g. [1 session, its calls, its errors]. */
  values: readonly number[];
  /** The indexes of the groups these sessions count in. */
  groups: readonly number[];
}

/**
 * Every group's sums recomputed on `replicates` resamples of the sessions, by the Poisson
 * bootstrap: each session is drawn Poisson(1) times, independently, so a cell of m sessions is
 * drawn Poisson(m) times in all. For the sample sizes judged here it matches the classic
 * resampling of n out of n, and it costs one draw per cell, not one per session. One draw
 * serves every group the cell is in, so the groups' resamples are the same resample of the
 * sessions. Returns, per group, `dims × replicates` sums (sum d of replicate r at d·replicates + r).
 */
export function poissonBootstrapSums(cells: readonly SumCell[], groupCount: number, dims: number, replicates: number, rand: () => number): Float64Array[] {
  const sums = Array.from({ length: groupCount }, () => new Float64Array(replicates * dims));
  const weights = new Float64Array(replicates);
  for (const cell of cells) {
    // A cell's weights for every resample first, then one tight loop per group and value:
    // most values are 0 (no errors, no invokes) and cost nothing.
    poissonDraws(cell.count, weights, rand);
    for (let d = 0; d < dims; d++) {
      const value = itemAt(cell.values, d);
      if (value === 0) continue;
      const offset = d * replicates;
      for (const group of cell.groups) {
        const target = itemAt(sums, group);
        // The innermost loop (replicates × cells × groups) reads unchecked: a checked read (itemAt) here made the bootstrap 2–3× slower.
        // biome-ignore lint/style/noNonNullAssertion: offset + r < dims × replicates = target.length, and r < weights.length.
        for (let r = 0; r < replicates; r++) target[offset + r]! += weights[r]! * value;
      }
    }
  }
  return sums;
}

/** The p-quantile (0 ≤ p ≤ 1) of sorted values, interpolating between neighbours. */
export function quantile(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  const at = (n - 1) * p;
  const lo = Math.floor(at);
  const hi = Math.min(n - 1, lo + 1);
  return itemAt(sorted, lo) + (itemAt(sorted, hi) - itemAt(sorted, lo)) * (at - lo);
}

export interface Interval {
  estimate: number;
  low: number;
  high: number;
}

/** Below this share of usable resamples, an interval would describe the failures, not the data. */
const MIN_USABLE_REPLICATES = 0.9;

/**
 * The percentile interval of a statistic from its resampled values (NaN marks a resample where
 * it was undefined); null when too few resamples were usable.
 */
export function percentileInterval(estimate: number, resampled: readonly number[], confidence: number, replicates: number): Interval | null {
  const values = resampled.filter((v) => !Number.isNaN(v));
  if (values.length < MIN_USABLE_REPLICATES * replicates) return null;
  values.sort((p, q) => p - q);
  const tail = (1 - confidence) / 2;
  return { estimate, low: quantile(values, tail), high: quantile(values, 1 - tail) };
}

/**
 * Sessions sharing one pair of values for a ratio of sums: a session adds `numerator` to the top
 * and `denominator` to the bottom (a mean per session has denominator 1 for every session).
 */
export interface RatioCell {
  numerator: number;
  denominator: number;
  count: number;
}

export interface RatioComparison {
  before: number | null;
  after: number | null;
  /** after − before, with its bootstrap interval. */
  difference: Interval | null;
  /** after / before − 1; null when `before` is 0. */
  relative: Interval | null;
}

export interface BootstrapOptions {
  replicates: number;
  /** The interval's coverage, e.g. 0.95. */
  confidence: number;
  seed: number;
}

/** Σ numerator / Σ denominator over the sessions; null when the denominator sums to 0. */
export function ratioOf(cells: readonly RatioCell[]): number | null {
  let top = 0;
  let bottom = 0;
  for (const cell of cells) {
    top += cell.numerator * cell.count;
    bottom += cell.denominator * cell.count;
  }
  return bottom > 0 ? top / bottom : null;
}

/** A ratio of two of a group's sums on each resample (as poissonBootstrapSums lays them out). */
export function resampledRatios(sums: Float64Array, replicates: number, top: number, bottom: number): number[] {
  return Array.from({ length: replicates }, (_, r) => {
    const b = itemAt(sums, bottom * replicates + r);
    return b > 0 ? itemAt(sums, top * replicates + r) / b : Number.NaN;
  });
}

/**
 * Compare a ratio between two independent groups of sessions: the point estimates, and
 * percentile intervals for the difference and the relative change, from resamples of each
 * group drawn apart. Seeded: the same cells and seed give the same intervals.
 */
export function compareRatios(before: readonly RatioCell[], after: readonly RatioCell[], options: BootstrapOptions): RatioComparison {
  const pointBefore = ratioOf(before);
  const pointAfter = ratioOf(after);
  if (pointBefore === null || pointAfter === null) return { before: pointBefore, after: pointAfter, difference: null, relative: null };
  const rand = seededRandom(options.seed);
  const { replicates, confidence } = options;
  const resample = (cells: readonly RatioCell[]) =>
    resampledRatios(
      itemAt(
        poissonBootstrapSums(
          cells.map((c) => ({ count: c.count, values: [c.numerator, c.denominator], groups: [0] })),
          1,
          2,
          replicates,
          rand,
        ),
        0,
      ),
      replicates,
      0,
      1,
    );
  return compareResamples(pointBefore, pointAfter, resample(before), resample(after), confidence, replicates);
}

/** Intervals for after − before and after / before − 1 from the two sides' resampled values. */
export function compareResamples(
  before: number,
  after: number,
  resampledBefore: readonly number[],
  resampledAfter: readonly number[],
  confidence: number,
  replicates: number,
): RatioComparison {
  const differences = resampledAfter.map((y, r) => y - itemAt(resampledBefore, r));
  const relatives = resampledAfter.map((y, r) => (itemAt(resampledBefore, r) > 0 ? y / itemAt(resampledBefore, r) - 1 : Number.NaN));
  return {
    before,
    after,
    difference: percentileInterval(after - before, differences, confidence, replicates),
    relative: before > 0 ? percentileInterval(after / before - 1, relatives, confidence, replicates) : null,
  };
}
