import { itemAt } from '@/lib/arrays';

/**
 * Poisson variates for the Poisson bootstrap. Small means by inversion (exact, a handful of
 * steps); from 30 up by Hörmann's transformed rejection (PTRS, 1993), which is exact too and
 * takes about one pair of uniforms a draw whatever the mean. The bootstrap draws whole means
 * (a count of sessions) thousands of times each: for those up to TABLE_LIMIT, inversion runs on
 * a table of the distribution with a guide table (Chen and Asau), about one comparison a draw.
 */

const LOG_FACTORIAL_TABLE = (() => {
  const table = new Float64Array(256);
  for (let k = 1; k < table.length; k++) table[k] = itemAt(table, k - 1) + Math.log(k);
  return table;
})();

/** ln(k!) for a whole k ≥ 0: a table below 256, Stirling's series (error < 1e-15) above. */
export function logFactorial(k: number): number {
  if (k < LOG_FACTORIAL_TABLE.length) return itemAt(LOG_FACTORIAL_TABLE, k);
  const n = k;
  const inv = 1 / n;
  const inv2 = inv * inv;
  return n * Math.log(n) - n + 0.5 * Math.log(2 * Math.PI * n) + inv * (1 / 12 - inv2 * (1 / 360 - inv2 / 1260));
}

const INVERSION_LIMIT = 30;

/** A sampler of Poisson(mean) drawing its uniforms from `rand`. */
export function poissonSampler(rand: () => number): (mean: number) => number {
  return (mean) => {
    if (!(mean > 0)) return 0;
    return mean < INVERSION_LIMIT ? poissonByInversion(mean, Math.exp(-mean), rand) : byTransformedRejection(mean, rand);
  };
}

function poissonByInversion(mean: number, expMinusMean: number, rand: () => number): number {
  const u = rand();
  let p = expMinusMean;
  let cumulative = p;
  let k = 0;
  // The tail past 1000 steps is below any double's resolution for means under 30.
  while (u > cumulative && k < 1000) {
    k++;
    p *= mean / k;
    cumulative += p;
  }
  return k;
}

function byTransformedRejection(mean: number, rand: () => number): number {
  const root = Math.sqrt(mean);
  const logMean = Math.log(mean);
  const b = 0.931 + 2.53 * root;
  const a = -0.059 + 0.02483 * b;
  const alphaInverse = 1.1239 + 1.1328 / (b - 3.4);
  const acceptSquare = 0.9277 - 3.6224 / (b - 2);
  for (;;) {
    const u = rand() - 0.5;
    const v = rand();
    const us = 0.5 - Math.abs(u);
    const k = Math.floor(((2 * a) / us + b) * u + mean + 0.43);
    // The inner square: most draws end here without a logarithm.
    if (us >= 0.07 && v <= acceptSquare) return k;
    if (k < 0 || (us < 0.013 && v > us)) continue;
    const lhs = Math.log(v * alphaInverse) - Math.log(a / (us * us) + b);
    if (lhs <= -mean + k * logMean - logFactorial(k)) return k;
  }
}

const TABLE_LIMIT = 256;
const GUIDE_SIZE = 1024;

/** The distribution function of Poisson(mean) up to where its tail is below a double's resolution, and a guide into it. */
class PoissonTable {
  readonly cdf: Float64Array;
  readonly guide: Int32Array;

  constructor(mean: number) {
    const last = Math.ceil(mean + 40 * Math.sqrt(mean) + 40);
    const cdf = new Float64Array(last + 1);
    let p = Math.exp(-mean);
    let sum = p;
    cdf[0] = sum;
    for (let k = 1; k <= last; k++) {
      p *= mean / k;
      sum += p;
      cdf[k] = sum;
    }
    // The tail past `last` is below 1e-300: the last entry takes it, so every u in [0, 1) lands.
    cdf[last] = Number.POSITIVE_INFINITY;
    const guide = new Int32Array(GUIDE_SIZE);
    let k = 0;
    for (let j = 0; j < GUIDE_SIZE; j++) {
      // biome-ignore lint/style/noNonNullAssertion: cdf ends at +Infinity, so k stops inside it (a checked read slowed every draw).
      while (cdf[k]! <= j / GUIDE_SIZE) k++;
      guide[j] = k;
    }
    this.cdf = cdf;
    this.guide = guide;
  }

  /** The smallest k whose distribution function passes u. */
  draw(u: number): number {
    const cdf = this.cdf;
    // One draw per session per resample, the bootstrap's innermost step: reads unchecked, as the bounds hold by construction.
    // biome-ignore lint/style/noNonNullAssertion: u < 1, so u × GUIDE_SIZE < guide.length.
    let k = this.guide[(u * GUIDE_SIZE) | 0]!;
    // biome-ignore lint/style/noNonNullAssertion: cdf ends at +Infinity, so k stops inside it.
    while (cdf[k]! <= u) k++;
    return k;
  }
}

const tables: (PoissonTable | undefined)[] = [];

/** Fill `out` with Poisson(mean) draws; the fastest exact way for a whole mean, one uniform a draw below TABLE_LIMIT. */
export function poissonDraws(mean: number, out: Float64Array, rand: () => number): void {
  if (Number.isInteger(mean) && mean > 0 && mean <= TABLE_LIMIT) {
    // Built once per mean and kept: a table is a fact about the mean, not about any data.
    let table = tables[mean];
    if (!table) {
      table = new PoissonTable(mean);
      tables[mean] = table;
    }
    for (let i = 0; i < out.length; i++) out[i] = table.draw(rand());
    return;
  }
  const poisson = poissonSampler(rand);
  for (let i = 0; i < out.length; i++) out[i] = poisson(mean);
}
