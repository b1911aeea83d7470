import { describe, expect, it } from 'vitest';
import { compareRatios, poissonBootstrapSums, quantile, type RatioCell, ratioOf, resampledRatios } from './bootstrap';
import { seededRandom } from './random';

/** Per-session values as cells (one per session: the grouping is an optimisation, not a requirement). */
const cellsOf = (values: readonly number[], denominators?: readonly number[]): RatioCell[] =>
  values.map((v, i) => ({ numerator: v, denominator: denominators?.[i] ?? 1, count: 1 }));

/** Exponential draws with the given mean. */
function exponential(n: number, mean: number, rand: () => number): number[] {
  return Array.from({ length: n }, () => -mean * Math.log(1 - rand()));
}

function poissonDraws(n: number, mean: number, rand: () => number): number[] {
  return Array.from({ length: n }, () => {
    let k = 0;
    for (let p = rand(); p > Math.exp(-mean); p *= rand()) k++;
    return k;
  });
}

describe('quantile', () => {
  it('interpolates between order statistics', () => {
    expect(quantile([1, 2, 3, 4, 5], 0.5)).toBe(3);
    expect(quantile([0, 10], 0.25)).toBe(2.5);
    expect(quantile([7], 0.9)).toBe(7);
  });
});

/** The mean on each resample, through the general multi-group sums. */
function bootstrapRatio(cells: RatioCell[], replicates: number, rand: () => number): number[] {
  const sums = poissonBootstrapSums(
    cells.map((c) => ({ count: c.count, values: [c.numerator, c.denominator], groups: [0] })),
    1,
    2,
    replicates,
    rand,
  );
  return resampledRatios(sums[0]!, replicates, 0, 1);
}

describe('poissonBootstrapSums', () => {
  it('has the spread of the mean: sd ≈ σ/√n for exponential data', () => {
    const rand = seededRandom(3);
    const sample = exponential(400, 2, rand);
    const replicates = bootstrapRatio(cellsOf(sample), 4000, rand);
    const mean = replicates.reduce((a, b) => a + b, 0) / replicates.length;
    const sd = Math.sqrt(replicates.reduce((a, b) => a + (b - mean) ** 2, 0) / replicates.length);
    const sampleMean = sample.reduce((a, b) => a + b, 0) / sample.length;
    const sampleSd = Math.sqrt(sample.reduce((a, b) => a + (b - sampleMean) ** 2, 0) / sample.length);
    expect(mean).toBeCloseTo(sampleMean, 1);
    expect(sd / (sampleSd / Math.sqrt(400))).toBeGreaterThan(0.93);
    expect(sd / (sampleSd / Math.sqrt(400))).toBeLessThan(1.07);
  });

  it('draws one weight per cell for all its groups: a group of all the sessions adds up its parts', () => {
    const rand = seededRandom(4);
    const cells = [
      { count: 3, values: [1, 5], groups: [0, 1] },
      { count: 2, values: [1, 7], groups: [0, 2] },
    ];
    const [all, first, second] = poissonBootstrapSums(cells, 3, 2, 200, rand);
    for (let i = 0; i < 400; i++) expect(all![i]).toBe(first![i]! + second![i]!);
  });

  it('gives the same answer for sessions grouped into cells as for sessions one by one', () => {
    const rand = seededRandom(8);
    const sample = poissonDraws(2000, 2.5, rand);
    const grouped = new Map<number, number>();
    for (const v of sample) grouped.set(v, (grouped.get(v) ?? 0) + 1);
    const cells = [...grouped].map(([numerator, count]) => ({ numerator, denominator: 1, count }));
    const sd = (r: number[]) => {
      const m = r.reduce((a, b) => a + b, 0) / r.length;
      return Math.sqrt(r.reduce((a, b) => a + (b - m) ** 2, 0) / r.length);
    };
    const single = sd(bootstrapRatio(cellsOf(sample), 3000, seededRandom(1)));
    const many = sd(bootstrapRatio(cells, 3000, seededRandom(2)));
    expect(many / single).toBeGreaterThan(0.93);
    expect(many / single).toBeLessThan(1.07);
  });
});

describe('compareRatios', () => {
  const options = { replicates: 1000, confidence: 0.95, seed: 42 };

  it('covers the true difference of two means about 95% of the time', () => {
    // Exponential means 2 (before) and 1.6 (after): a true difference of −0.4, relative −20%.
    const trials = 200;
    let coveredDifference = 0;
    let coveredRelative = 0;
    for (let t = 0; t < trials; t++) {
      const rand = seededRandom(1000 + t);
      const result = compareRatios(cellsOf(exponential(150, 2, rand)), cellsOf(exponential(150, 1.6, rand)), { ...options, seed: t });
      if (result.difference && result.difference.low <= -0.4 && -0.4 <= result.difference.high) coveredDifference++;
      if (result.relative && result.relative.low <= -0.2 && -0.2 <= result.relative.high) coveredRelative++;
    }
    // 95% of 200 is 190; binomial sd ≈ 3. Percentile intervals run a little narrow at this n.
    expect(coveredDifference).toBeGreaterThanOrEqual(178);
    expect(coveredDifference).toBeLessThanOrEqual(199);
    expect(coveredRelative).toBeGreaterThanOrEqual(178);
  }, 60_000);

  it('covers a true ratio of sums (errors per call) across sessions of different lengths', () => {
    // Each session makes 1–20 calls, each failing with probability 0.1: the error rate is 0.1 in both groups.
    let covered = 0;
    const trials = 150;
    for (let t = 0; t < trials; t++) {
      const rand = seededRandom(5000 + t);
      const group = () =>
        Array.from({ length: 120 }, () => {
          const calls = 1 + Math.floor(rand() * 20);
          let errors = 0;
          for (let c = 0; c < calls; c++) if (rand() < 0.1) errors++;
          return { numerator: errors, denominator: calls, count: 1 };
        });
      const result = compareRatios(group(), group(), { ...options, seed: t });
      if (result.difference && result.difference.low <= 0 && 0 <= result.difference.high) covered++;
    }
    expect(covered / trials).toBeGreaterThan(0.89);
  }, 60_000);

  it('finds a planted 40% drop and leaves an unchanged group alone', () => {
    const rand = seededRandom(77);
    const before = cellsOf(poissonDraws(400, 2.5, rand));
    const dropped = compareRatios(before, cellsOf(poissonDraws(400, 1.5, rand)), options);
    expect(dropped.relative!.low).toBeLessThan(-0.4);
    expect(dropped.relative!.high).toBeGreaterThan(-0.4);
    expect(dropped.relative!.high).toBeLessThan(0);
    const same = compareRatios(before, cellsOf(poissonDraws(400, 2.5, rand)), options);
    expect(same.relative!.low).toBeLessThan(0);
    expect(same.relative!.high).toBeGreaterThan(0);
  });

  it('is deterministic for a seed, and the interval narrows as the sample grows', () => {
    const rand = seededRandom(9);
    const small = [cellsOf(exponential(50, 1, rand)), cellsOf(exponential(50, 1, rand))] as const;
    expect(compareRatios(...small, options)).toEqual(compareRatios(...small, options));
    const big = [cellsOf(exponential(2000, 1, rand)), cellsOf(exponential(2000, 1, rand))] as const;
    const width = (r: ReturnType<typeof compareRatios>) => r.difference!.high - r.difference!.low;
    // Width shrinks like 1/√n: 40× the sessions, about a sixth of the width.
    const ratio = width(compareRatios(...big, options)) / width(compareRatios(...small, options));
    expect(ratio).toBeGreaterThan(0.1);
    expect(ratio).toBeLessThan(0.25);
  });

  it('has no intervals when a side has nothing to divide by, and no relative change from a zero', () => {
    expect(compareRatios([], cellsOf([1, 2]), options)).toEqual({ before: null, after: 1.5, difference: null, relative: null });
    const fromZero = compareRatios(cellsOf(Array(50).fill(0)), cellsOf(poissonDraws(50, 1, seededRandom(1))), options);
    expect(fromZero.before).toBe(0);
    expect(fromZero.relative).toBeNull();
    expect(fromZero.difference).not.toBeNull();
    expect(ratioOf([{ numerator: 3, denominator: 4, count: 2 }])).toBe(0.75);
  });
});
