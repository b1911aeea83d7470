import { itemAt } from '@/lib/arrays';

/** The normal quantile of 0.975: every interval here is a 95% one. */
export const Z95 = 1.959963984540054;

export interface Bounds {
  low: number;
  high: number;
}

/** A share of runs with its Wilson 95% interval. */
export interface Proportion extends Bounds {
  successes: number;
  n: number;
  /** successes / n; NaN when n is 0. */
  estimate: number;
}

/** A mean over runs with its t 95% interval; the bounds are NaN below two runs. */
export interface Mean extends Bounds {
  n: number;
  estimate: number;
  sd: number;
}

/**
 * Wilson's score interval: unlike the normal one it stays inside [0, 1] and keeps its coverage
 * at the small n and the shares near 0 or 1 a bake-off cell has (10 runs, 9 right).
 */
export function wilson(successes: number, n: number): Proportion {
  if (n === 0) return { successes, n, estimate: Number.NaN, low: Number.NaN, high: Number.NaN };
  const p = successes / n;
  const z2 = Z95 * Z95;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (Z95 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator;
  return { successes, n, estimate: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** The t quantile of 0.975 for 1…30 degrees of freedom. */
const T975 = [
  12.706205, 4.302653, 3.182446, 2.776445, 2.570582, 2.446912, 2.364624, 2.306004, 2.262157, 2.228139, 2.200985, 2.178813, 2.160369, 2.144787, 2.13145,
  2.119905, 2.109816, 2.100922, 2.093024, 2.085963, 2.079614, 2.073873, 2.068658, 2.063899, 2.059539, 2.055529, 2.051831, 2.048407, 2.04523, 2.042272,
];

/**
 * Student's t quantile of 0.975. Up to 30 degrees of freedom from the table, a fractional df
 * (Welch's) rounded down so the interval errs wide; above, the Cornish–Fisher expansion, within
 * 1e-5 there.
 */
export function t975(df: number): number {
  if (!(df >= 1)) return itemAt(T975, 0);
  if (df <= 30) return itemAt(T975, Math.floor(df) - 1);
  const z = Z95;
  const g1 = (z ** 3 + z) / 4;
  const g2 = (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96;
  const g3 = (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / 384;
  return z + g1 / df + g2 / df ** 2 + g3 / df ** 3;
}

export function meanOf(values: readonly number[]): Mean {
  const n = values.length;
  if (n === 0) return { n, estimate: Number.NaN, sd: Number.NaN, low: Number.NaN, high: Number.NaN };
  const estimate = values.reduce((sum, v) => sum + v, 0) / n;
  if (n < 2) return { n, estimate, sd: Number.NaN, low: Number.NaN, high: Number.NaN };
  const sd = Math.sqrt(values.reduce((sum, v) => sum + (v - estimate) ** 2, 0) / (n - 1));
  const half = (t975(n - 1) * sd) / Math.sqrt(n);
  return { n, estimate, sd, low: estimate - half, high: estimate + half };
}

/** A difference (proposed − baseline) with its 95% interval. */
export interface Difference extends Bounds {
  estimate: number;
}

/**
 * p₁ − p₂ by Newcombe's hybrid score method (his method 10), from the two Wilson intervals: it
 * keeps its coverage where the normal approximation fails, at small n and shares near 0 or 1.
 */
export function proportionDifference(a: Proportion, b: Proportion): Difference | null {
  if (a.n === 0 || b.n === 0) return null;
  const estimate = a.estimate - b.estimate;
  return {
    estimate,
    low: estimate - Math.sqrt((a.estimate - a.low) ** 2 + (b.high - b.estimate) ** 2),
    high: estimate + Math.sqrt((a.high - a.estimate) ** 2 + (b.estimate - b.low) ** 2),
  };
}

/** μ₁ − μ₂ by Welch's t interval: the two presentations' spreads need not be equal. */
export function meanDifference(a: Mean, b: Mean): Difference | null {
  if (a.n < 2 || b.n < 2) return null;
  const estimate = a.estimate - b.estimate;
  const va = a.sd ** 2 / a.n;
  const vb = b.sd ** 2 / b.n;
  const se = Math.sqrt(va + vb);
  if (se === 0) return { estimate, low: estimate, high: estimate };
  const df = (va + vb) ** 2 / (va ** 2 / (a.n - 1) + vb ** 2 / (b.n - 1));
  const half = t975(df) * se;
  return { estimate, low: estimate - half, high: estimate + half };
}
