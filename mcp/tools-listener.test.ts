import { describe, expect, it } from 'vitest';
import { backoffDelay } from './tools-listener';

describe('backoffDelay', () => {
  const options = { initialMs: 1_000, maxMs: 60_000 };

  it('doubles from the first delay up to the cap, with ±20% jitter', () => {
    const low = (attempt: number) => backoffDelay(attempt, options, () => 0);
    const high = (attempt: number) => backoffDelay(attempt, options, () => 1);
    expect([0, 1, 2, 3].map(low)).toEqual([800, 1_600, 3_200, 6_400]);
    expect([0, 1, 2, 3].map(high)).toEqual([1_200, 2_400, 4_800, 9_600]);
    expect(low(10)).toBe(48_000);
    expect(high(10)).toBe(72_000);
  });

  it('stays finite however many attempts failed', () => {
    expect(backoffDelay(10_000, options, () => 0.5)).toBe(60_000);
  });
});
