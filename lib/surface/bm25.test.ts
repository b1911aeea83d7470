import { describe, expect, it } from 'vitest';
import { buildBm25, scoreBm25 } from './bm25';

describe('BM25', () => {
  it('scores as plain Okapi BM25 (k1 1.2, b 0.75, idf ln(1 + (N − n + 0.5)/(n + 0.5))), by hand', () => {
    const index = buildBm25([['alpha', 'beta'], ['alpha']]);
    const scores = new Float64Array(2);
    const touched = new Int32Array(2);
    expect(scoreBm25(index, ['beta'], scores, touched)).toBe(1);
    // n = 1, N = 2: idf ln 2; document 0 has length 2 of an average 1.5: 1.2 · (0.25 + 0.75 · 2 / 1.5) = 1.5.
    expect(scores[0]).toBeCloseTo((Math.log(2) * 2.2) / (1 + 1.5), 12);
    expect(scores[1]).toBe(0);
    scores.fill(0);
    // alpha is in both: idf ln(1 + 0.5 / 2.5); the shorter document scores higher, and a repeated term counts once.
    expect(scoreBm25(index, ['alpha', 'alpha'], scores, touched)).toBe(2);
    const idf = Math.log(1 + 0.5 / 2.5);
    expect(scores[0]).toBeCloseTo((idf * 2.2) / (1 + 1.5), 12);
    expect(scores[1]).toBeCloseTo((idf * 2.2) / (1 + 1.2 * (0.25 + 0.75 / 1.5)), 12);
    expect([...touched]).toEqual([0, 1]);
  });
});
