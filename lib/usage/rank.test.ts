import { describe, expect, it } from 'vitest';
import { compareUsage, rankTools, type ToolUsage } from './rank';

const use = (tool: string, calls: number, sessions = 1, lastUsed: string | null = '2026-11-29T10:00:00.000Z', errors = 0): ToolUsage => ({
  tool,
  calls,
  errors,
  sessions,
  lastUsed,
});

describe('rankTools', () => {
  it('orders by calls, then sessions, then last use, then name', () => {
    const ranked = rankTools(
      [
        use('b/name-tie', 5, 2, '2026-11-29T09:00:00.000Z'),
        use('a/name-tie', 5, 2, '2026-11-29T09:00:00.000Z'),
        use('x/most-calls', 9, 1),
        use('y/older', 5, 2, '2026-11-28T09:00:00.000Z'),
        use('z/more-sessions', 5, 3, '2026-11-01T00:00:00.000Z'),
      ],
      { pinned: new Set(), catalog: new Set() },
    );
    expect(ranked.map((r) => r.tool)).toEqual(['x/most-calls', 'z/more-sessions', 'a/name-tie', 'b/name-tie', 'y/older']);
    expect(ranked.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5]);
  });

  it('compares names by code point, not locale', () => {
    expect(compareUsage(use('B/x', 1), use('a/x', 1))).toBeLessThan(0);
  });

  it('gives shares of the attributed calls and a running cumulative share that ends at 1', () => {
    const ranked = rankTools([use('a/1', 6), use('b/2', 3), use('c/3', 1)], { pinned: new Set(['b/2']), catalog: new Set(['a/1', 'b/2']) });
    expect(ranked.map((r) => r.share)).toEqual([0.6, 0.3, 0.1]);
    expect(ranked.map((r) => r.cumulativeShare)).toEqual([0.6, 0.9, 1]);
    expect(ranked.map((r) => [r.pinned, r.inCatalog])).toEqual([
      [false, true],
      [true, true],
      [false, false],
    ]);
  });

  it('leaves out tools without calls and divides nothing by zero', () => {
    expect(rankTools([use('a/1', 0)], { pinned: new Set(), catalog: new Set() })).toEqual([]);
  });
});
