import { describe, expect, it } from 'vitest';
import { meanDifference, meanOf, proportionDifference, t975, wilson } from './intervals';

describe('intervals', () => {
  it("gives Wilson's interval: 8/10 is [0.490, 0.943], and it stays inside [0, 1] at 0/10 and 10/10", () => {
    const eight = wilson(8, 10);
    expect(eight.estimate).toBe(0.8);
    expect(eight.low).toBeCloseTo(0.4902, 4);
    expect(eight.high).toBeCloseTo(0.9433, 4);
    expect(wilson(0, 10)).toMatchObject({ estimate: 0, low: 0 });
    expect(wilson(0, 10).high).toBeCloseTo(0.2775, 4);
    expect(wilson(10, 10).low).toBeCloseTo(0.7225, 4);
    expect(wilson(10, 10).high).toBeLessThanOrEqual(1);
    expect(Number.isNaN(wilson(0, 0).estimate)).toBe(true);
  });

  it("differences shares by Newcombe's hybrid score: his example 56/70 − 48/80 is 0.200 [0.0524, 0.3339]", () => {
    const d = proportionDifference(wilson(56, 70), wilson(48, 80))!;
    expect(d.estimate).toBeCloseTo(0.2, 10);
    expect(d.low).toBeCloseTo(0.0524, 4);
    expect(d.high).toBeCloseTo(0.3339, 4);
    expect(proportionDifference(wilson(0, 0), wilson(1, 2))).toBeNull();
  });

  it('takes t quantiles from the table up to 30 df (a fraction rounded down) and from the expansion above', () => {
    expect(t975(1)).toBeCloseTo(12.7062, 4);
    expect(t975(5.9)).toBe(t975(5));
    expect(t975(31)).toBeCloseTo(2.03951, 5);
    expect(t975(60)).toBeCloseTo(2.0003, 4);
    expect(t975(120)).toBeCloseTo(1.97993, 5);
  });

  it('gives a mean with its t interval, and none below two values', () => {
    const m = meanOf([1, 3, 2, 1]);
    expect(m.estimate).toBe(1.75);
    expect(m.sd).toBeCloseTo(Math.sqrt(2.75 / 3), 12);
    // 1.75 ± t(3) · sd / √4, t(3) = 3.182446
    expect(m.low).toBeCloseTo(1.75 - (3.182446 * Math.sqrt(2.75 / 3)) / 2, 6);
    expect(m.high).toBeCloseTo(1.75 + (3.182446 * Math.sqrt(2.75 / 3)) / 2, 6);
    expect(Number.isNaN(meanOf([4]).low)).toBe(true);
    expect(meanOf([4]).estimate).toBe(4);
  });

  it("differences means by Welch's interval (df 5.52, read as 5)", () => {
    const d = meanDifference(meanOf([1, 2, 3, 4]), meanOf([2, 4, 6, 8, 10]))!;
    expect(d.estimate).toBe(-3.5);
    const se = Math.sqrt(5 / 12 + 2);
    expect(d.low).toBeCloseTo(-3.5 - 2.570582 * se, 6);
    expect(d.high).toBeCloseTo(-3.5 + 2.570582 * se, 6);
    expect(meanDifference(meanOf([1, 1]), meanOf([3, 3]))).toEqual({ estimate: -2, low: -2, high: -2 });
    expect(meanDifference(meanOf([1]), meanOf([3, 3]))).toBeNull();
  });
});
