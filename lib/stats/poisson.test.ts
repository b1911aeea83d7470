import { describe, expect, it } from 'vitest';
import { logFactorial, poissonDraws, poissonSampler } from './poisson';
import { seededRandom } from './random';

function moments(mean: number, draws: number, seed: number) {
  const poisson = poissonSampler(seededRandom(seed));
  let sum = 0;
  let squares = 0;
  for (let i = 0; i < draws; i++) {
    const k = poisson(mean);
    sum += k;
    squares += k * k;
  }
  const m = sum / draws;
  return { mean: m, variance: squares / draws - m * m };
}

describe('poissonSampler', () => {
  it.each([0.3, 1, 4, 29.5, 30, 75, 2_000, 1e6])('draws Poisson(%d): mean and variance both equal the mean', (mean) => {
    const draws = 100_000;
    const got = moments(mean, draws, 11);
    // Standard error of the sample mean is sqrt(mean / draws); allow 5 of them.
    expect(Math.abs(got.mean - mean)).toBeLessThan(5 * Math.sqrt(mean / draws));
    expect(got.variance / mean).toBeGreaterThan(0.97);
    expect(got.variance / mean).toBeLessThan(1.03);
  });

  it('follows the Poisson probabilities on both sides of the method switch (chi-square)', () => {
    for (const mean of [12, 45]) {
      const poisson = poissonSampler(seededRandom(5));
      const draws = 200_000;
      const counts = new Map<number, number>();
      for (let i = 0; i < draws; i++) {
        const k = poisson(mean);
        counts.set(k, (counts.get(k) ?? 0) + 1);
      }
      let chi = 0;
      let bins = 0;
      for (let k = 0; k < mean * 3; k++) {
        const expected = draws * Math.exp(-mean + k * Math.log(mean) - logFactorial(k));
        if (expected < 20) continue;
        const observed = counts.get(k) ?? 0;
        chi += (observed - expected) ** 2 / expected;
        bins++;
      }
      // Chi-square with ~bins degrees of freedom: mean bins, sd sqrt(2·bins); 4 sd is a failure.
      expect(chi).toBeLessThan(bins + 4 * Math.sqrt(2 * bins));
    }
  });

  it('gives 0 for a mean of 0', () => {
    expect(poissonSampler(seededRandom(1))(0)).toBe(0);
  });
});

describe('poissonDraws', () => {
  it.each([1, 2, 7, 40, 256, 300])('fills a buffer with Poisson(%d) draws that follow its probabilities (chi-square)', (mean) => {
    const out = new Float64Array(200_000);
    poissonDraws(mean, out, seededRandom(mean));
    const counts = new Map<number, number>();
    let sum = 0;
    for (const k of out) {
      counts.set(k, (counts.get(k) ?? 0) + 1);
      sum += k;
    }
    expect(Math.abs(sum / out.length - mean)).toBeLessThan(5 * Math.sqrt(mean / out.length));
    let chi = 0;
    let bins = 0;
    for (let k = 0; k < mean * 3 + 10; k++) {
      const expected = out.length * Math.exp(-mean + k * Math.log(mean) - logFactorial(k));
      if (expected < 20) continue;
      chi += ((counts.get(k) ?? 0) - expected) ** 2 / expected;
      bins++;
    }
    expect(chi).toBeLessThan(bins + 4 * Math.sqrt(2 * bins));
  });
});

describe('logFactorial', () => {
  it('is exact from the table and matches it across the switch to Stirling', () => {
    expect(logFactorial(0)).toBe(0);
    expect(logFactorial(5)).toBeCloseTo(Math.log(120), 12);
    let direct = 0;
    for (let k = 1; k <= 300; k++) direct += Math.log(k);
    expect(Math.abs(logFactorial(300) - direct) / direct).toBeLessThan(1e-13);
  });
});
