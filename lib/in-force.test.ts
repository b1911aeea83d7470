import { describe, expect, it } from 'vitest';
import { inForceAt } from './in-force';

describe('inForceAt', () => {
  const list = [{ since: 10 }, { since: 20 }, { since: 20 }, { since: 35 }];
  const since = (e: { since: number }) => e.since;

  it('finds the last entry that started at or before the time', () => {
    expect(inForceAt(list, 10, since)).toBe(list[0]);
    expect(inForceAt(list, 19, since)).toBe(list[0]);
    expect(inForceAt(list, 20, since)).toBe(list[2]);
    expect(inForceAt(list, 34, since)).toBe(list[2]);
    expect(inForceAt(list, 1e12, since)).toBe(list[3]);
  });

  it('answers the first entry before any start, and nothing for an empty list', () => {
    expect(inForceAt(list, 0, since)).toBe(list[0]);
    expect(inForceAt([], 5, since)).toBeUndefined();
  });
});
