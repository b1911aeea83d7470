import type { ImpactReach, ReachMeasureResult, ReachSegment, ReachToolResult } from '@/lib/contracts/impact';
import { MAX_REACH_TOOLS } from '@/lib/limits';
import { REACH_MEASURES, type ReachMeasure } from './reach-measures';
import { type BootstrapOptions, compareResamples, poissonBootstrapSums, type SumCell } from '@/lib/stats/bootstrap';
import { seededRandom } from '@/lib/stats/random';
import { itemAt } from '@/lib/arrays';

/** One sampled session: its client ('' when the events named none) and the catalog tools it called, by canonical name. */
export interface ReachSession {
  client: string;
  tools: readonly string[];
}

export interface ReachSide {
  /** Sessions of the side that the sample was drawn from, per client: what the sample stands for. */
  population: ReadonlyMap<string, number>;
  sample: readonly ReachSession[];
  /** The favourites of the side's revision (none while favourites are off). */
  favourites: ReadonlySet<string>;
}

export interface ReachSettings extends BootstrapOptions {
  minSessions: number;
  maxValuesPerDimension: number;
}

/**
 * How many sessions of each client to read: the budget split evenly, a client with fewer
 * sessions than its part giving the rest to the others. An even split, not one in proportion,
 * so a small client still gets enough sessions to be judged; the estimate over every session
 * weighs each client back by its share of the population.
 */
export function sampleQuotas(population: ReadonlyMap<string, number>, sessions: number, calls: number): { client: string; sessions: number; calls: number }[] {
  const clients = [...population].sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1));
  let left = sessions;
  const quotas = clients.map(([client, n], i) => {
    const quota = Math.min(n, Math.floor(left / (clients.length - i)));
    left -= quota;
    return { client, sessions: quota };
  });
  const total = quotas.reduce((sum, q) => sum + q.sessions, 0);
  return quotas.filter((q) => q.sessions > 0).map((q) => ({ ...q, calls: Math.max(1, Math.floor((calls * q.sessions) / total)) }));
}

/** The changed tools that get a reach of their own: loaded ones first, then deferred, by name. */
function toolsOfChange(loaded: readonly string[], deferred: readonly string[]) {
  return [
    ...[...loaded].sort().map((tool) => ({ tool, change: 'loaded' as const })),
    ...[...deferred].sort().map((tool) => ({ tool, change: 'deferred' as const })),
  ];
}

interface Stratified {
  /** Per stratum, the sessions read (dimension 0) and those for which each indicator said yes. */
  points: number[][];
  /** Per indicator d ≥ 1 and stratum, the resampled sessions then yeses (2 × replicates, as poissonBootstrapSums lays them out). */
  sums: Float64Array[][];
}

/**
 * A side's sessions as indicator cells per client stratum, resampled within each stratum (the
 * sample was drawn per client): dimension 0 counts sessions, the others the sessions for which
 * `indicators` says yes.
 */
function resampleSide(
  side: ReachSide,
  strata: readonly string[],
  indicators: (tools: ReadonlySet<string>) => boolean[],
  dims: number,
  replicates: number,
  rand: () => number,
): Stratified {
  const index = new Map(strata.map((client, i) => [client, i]));
  const cells = new Map<string, SumCell>();
  for (const session of side.sample) {
    const group = index.get(session.client);
    if (group === undefined) continue;
    const values = [1, ...indicators(new Set(session.tools)).map((yes) => (yes ? 1 : 0))];
    const key = `${group}|${values.join('')}`;
    const cell = cells.get(key);
    if (cell) cell.count++;
    else cells.set(key, { count: 1, values, groups: [group] });
  }
  const points = strata.map(() => new Array<number>(dims).fill(0));
  for (const cell of cells.values()) {
    const point = itemAt(points, itemAt(cell.groups, 0));
    cell.values.forEach((v, d) => {
      point[d] = itemAt(point, d) + v * cell.count;
    });
  }
  // One resample per indicator, of two cells per stratum (yes, no): a draw per cell costs the same
  // whatever its size, and the cells of every indicator together would be up to 2^dims.
  const sums = Array.from({ length: dims }, (_, d) => {
    if (d === 0) return [];
    const yesNo = points.flatMap((point, s): SumCell[] => [
      { count: itemAt(point, d), values: [1, 1], groups: [s] },
      { count: itemAt(point, 0) - itemAt(point, d), values: [1, 0], groups: [s] },
    ]);
    return poissonBootstrapSums(
      yesNo.filter((c) => c.count > 0),
      strata.length,
      2,
      replicates,
      rand,
    );
  });
  return { points, sums };
}

/** A share over some strata, each weighed by its population; strata of which nothing was read are left out, NaN when all are. */
function weightedShare(strata: readonly number[], weights: readonly number[], shareOf: (stratum: number) => number): number {
  let top = 0;
  let bottom = 0;
  for (const s of strata) {
    const share = shareOf(s);
    if (Number.isNaN(share)) continue;
    top += itemAt(weights, s) * share;
    bottom += itemAt(weights, s);
  }
  return bottom > 0 ? top / bottom : Number.NaN;
}

/** Dimension d's weighted share over some strata on each resample. */
function resampledShares(
  side: { sums: Float64Array[][]; shares: number[][]; weights: number[] },
  strata: readonly number[],
  d: number,
  replicates: number,
): number[] {
  const out = new Array<number>(replicates);
  for (let r = 0; r < replicates; r++) {
    let top = 0;
    let bottom = 0;
    for (const s of strata) {
      const share = itemAt(itemAt(side.shares, s), d);
      if (Number.isNaN(share)) continue;
      const sums = itemAt(itemAt(side.sums, d), s);
      // Replicates × strata: unchecked reads of the sums laid out by poissonBootstrapSums (2 × replicates per stratum).
      // biome-ignore lint/style/noNonNullAssertion: r < replicates ≤ sums.length.
      const n = sums[r]!;
      // biome-ignore lint/style/noNonNullAssertion: s is a stratum, and weights has one per stratum.
      const weight = side.weights[s]!;
      // A stratum drawn empty in this resample keeps its share: it is still part of the population.
      // biome-ignore lint/style/noNonNullAssertion: replicates + r < 2 × replicates = sums.length.
      top += weight * (n > 0 ? sums[replicates + r]! / n : share);
      bottom += weight;
    }
    out[r] = bottom > 0 ? top / bottom : Number.NaN;
  }
  return out;
}

function verdictOf(difference: { low: number; high: number } | null): ReachMeasureResult['verdict'] {
  if (!difference) return 'not-enough-data';
  if (difference.low > 0) return 'higher';
  if (difference.high < 0) return 'lower';
  return 'no-clear-change';
}

/**
 * The share of sessions that used the tools a change loaded (and deferred), and that used any
 * loaded or deferred tool, before and after the change: over every session and per client,
 * with bootstrap intervals for the difference from the same Poisson resampling as the other
 * measures, drawn within each client's sample.
 */
export function compareReach(
  before: ReachSide,
  after: ReachSide,
  change: { loaded: readonly string[]; deferred: readonly string[] },
  settings: ReachSettings,
): Omit<ImpactReach, 'sample' | 'since'> {
  const changed = toolsOfChange(change.loaded, change.deferred);
  const tools = changed.slice(0, MAX_REACH_TOOLS);
  const measures = REACH_MEASURES.filter((m) =>
    m === 'loadedByChange' ? change.loaded.length > 0 : m === 'deferredByChange' ? change.deferred.length > 0 : true,
  );
  const loaded = new Set(change.loaded);
  const deferred = new Set(change.deferred);
  const indicatorsFor = (favourites: ReadonlySet<string>) => (called: ReadonlySet<string>) => {
    const calledAny = (set: ReadonlySet<string>) => [...called].some((tool) => set.has(tool));
    const flags: Record<ReachMeasure, boolean> = {
      loadedByChange: calledAny(loaded),
      deferredByChange: calledAny(deferred),
      usedLoaded: calledAny(favourites),
      usedDeferred: [...called].some((tool) => !favourites.has(tool)),
    };
    return [...measures.map((m) => flags[m]), ...tools.map((t) => called.has(t.tool))];
  };

  const population = new Map<string, number>();
  for (const side of [before, after]) for (const [client, n] of side.population) population.set(client, (population.get(client) ?? 0) + n);
  const strata = [...population].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([client]) => client);
  const { replicates, confidence } = settings;
  const rand = seededRandom(settings.seed);
  const prepare = (side: ReachSide) => {
    const resampled = resampleSide(side, strata, indicatorsFor(side.favourites), 1 + measures.length + tools.length, replicates, rand);
    const sampled = strata.map((_, s) => itemAt(itemAt(resampled.points, s), 0));
    // Each stratum's share per dimension; NaN for a stratum of which no session was read.
    const shares = resampled.points.map((point, s) => point.map((v) => (itemAt(sampled, s) > 0 ? v / itemAt(sampled, s) : Number.NaN)));
    return { ...resampled, weights: strata.map((client) => side.population.get(client) ?? 0), sampled, shares };
  };
  const sides = [prepare(before), prepare(after)] as const;

  const segments: { dimension: ReachSegment['dimension']; value: string | null; strata: number[] }[] = [
    { dimension: 'all', value: null, strata: strata.map((_, s) => s) },
    ...strata
      .slice(0, settings.maxValuesPerDimension)
      .map((client, s) => ({ dimension: 'client' as const, value: client === '' ? null : client, strata: [s] })),
  ];
  return {
    loaded: [...change.loaded].sort(),
    deferred: [...change.deferred].sort(),
    toolsLeftOut: changed.length - tools.length,
    segments: segments.map((segment): ReachSegment => {
      const count = (of: (s: number) => number) => segment.strata.reduce((sum, s) => sum + of(s), 0);
      const totalOf = (side: (typeof sides)[number]) => ({ sessions: count((s) => itemAt(side.weights, s)), sampled: count((s) => itemAt(side.sampled, s)) });
      const totals = [totalOf(sides[0]), totalOf(sides[1])] as const;
      const judged = totals.every((t) => t.sampled >= settings.minSessions);
      const compare = (d: number) => {
        const pointOf = (side: (typeof sides)[number]) => {
          const share = weightedShare(segment.strata, side.weights, (s) => itemAt(itemAt(side.shares, s), d));
          return Number.isNaN(share) ? null : share;
        };
        const [pointBefore, pointAfter] = [pointOf(sides[0]), pointOf(sides[1])];
        if (!judged || pointBefore === null || pointAfter === null) return { before: pointBefore, after: pointAfter, difference: null };
        const resampledBefore = resampledShares(sides[0], segment.strata, d, replicates);
        const resampledAfter = resampledShares(sides[1], segment.strata, d, replicates);
        const comparison = compareResamples(pointBefore, pointAfter, resampledBefore, resampledAfter, confidence, replicates);
        return { before: pointBefore, after: pointAfter, difference: comparison.difference };
      };
      return {
        dimension: segment.dimension,
        value: segment.value,
        before: totals[0],
        after: totals[1],
        enoughData: judged,
        measures: measures.map((measure, m): ReachMeasureResult => {
          const result = compare(1 + m);
          return { measure, ...result, verdict: verdictOf(result.difference) };
        }),
        tools: tools.map((t, i): ReachToolResult => {
          const result = compare(1 + measures.length + i);
          return { ...t, ...result, verdict: verdictOf(result.difference) };
        }),
      };
    }),
  };
}
