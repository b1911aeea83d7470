import { describe, expect, it } from 'vitest';
import { coverage } from './coverage';
import { rankTools, type ToolUsage } from './rank';

const use = (tool: string, calls: number): ToolUsage => ({ tool, calls, errors: 0, sessions: 1, lastUsed: null });
const ranked = rankTools([use('s/a', 50), use('s/b', 25), use('s/c', 15), use('s/d', 10)], { pinned: new Set(), catalog: new Set() });

describe('coverage', () => {
  it('is the share of attributed calls the favourites catch, pinned tools in favourites order', () => {
    const c = coverage(ranked, ['s/c', 's/a', 's/unused'], 3);
    expect(c.calls).toBe(65);
    expect(c.share).toBe(0.65);
    expect(c.pinned).toEqual([
      { tool: 's/c', calls: 15, rank: 3 },
      { tool: 's/a', calls: 50, rank: 1 },
      { tool: 's/unused', calls: 0, rank: null },
    ]);
  });

  it('gives the top-K curve for K = 1…N and reads it at maxFavourites', () => {
    const c = coverage(ranked, [], 2);
    expect(c.curve).toEqual([
      { k: 1, share: 0.5 },
      { k: 2, share: 0.75 },
      { k: 3, share: 0.9 },
      { k: 4, share: 1 },
    ]);
    expect(c.atMaxFavourites).toBe(0.75);
    expect(coverage(ranked, [], 15).atMaxFavourites).toBe(1);
    expect(c.share).toBe(0);
  });

  it('is zero with no usage', () => {
    expect(coverage([], ['s/a'], 15)).toMatchObject({ share: 0, atMaxFavourites: 0, curve: [], pinned: [{ tool: 's/a', calls: 0, rank: null }] });
  });
});
