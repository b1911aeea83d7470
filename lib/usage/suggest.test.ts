import { describe, expect, it } from 'vitest';
import { rankTools, type ToolUsage, withoutRefusals } from './rank';
import { suggestFavourites } from './suggest';

const use = (tool: string, calls: number): ToolUsage => ({ tool, calls, errors: 0, sessions: 1, lastUsed: null });
const ranked = rankTools([use('s/a', 40), use('s/b', 30), use('s/c', 20), use('s/d', 10)], {
  pinned: new Set(['s/c', 's/x']),
  catalog: new Set(['s/a', 's/b', 's/c', 's/d']),
});

describe('suggestFavourites', () => {
  it('suggests the top tools in rank order, says what to add and remove, and gives the index', () => {
    const s = suggestFavourites(ranked, { enabled: true, maxFavourites: 3, tools: ['s/x', 's/c'] }, 3);
    expect(s.suggested).toEqual([
      { tool: 's/a', calls: 40, share: 0.4, pinned: false, inCatalog: true, refusals: 0, deniedTo: [] },
      { tool: 's/b', calls: 30, share: 0.3, pinned: false, inCatalog: true, refusals: 0, deniedTo: [] },
      { tool: 's/c', calls: 20, share: 0.2, pinned: true, inCatalog: true, refusals: 0, deniedTo: [] },
    ]);
    expect(s.add).toEqual(['s/a', 's/b']);
    expect(s.remove).toEqual(['s/x']);
    expect(s.favouriteIndex).toEqual({ enabled: true, maxFavourites: 3, tools: ['s/a', 's/b', 's/c'] });
  });

  it('raises maxFavourites when more tools are asked for than it allows, and keeps enabled as it is', () => {
    const s = suggestFavourites(ranked, { enabled: false, maxFavourites: 2, tools: [] }, 4);
    expect(s.favouriteIndex).toEqual({ enabled: false, maxFavourites: 4, tools: ['s/a', 's/b', 's/c', 's/d'] });
  });

  it('suggests fewer when fewer tools were used, and keeps the favourites when nothing was', () => {
    expect(suggestFavourites(ranked, { enabled: true, maxFavourites: 15, tools: [] }, 15).suggested).toHaveLength(4);
    const none = suggestFavourites([], { enabled: true, maxFavourites: 15, tools: ['s/x'] }, 15);
    expect(none).toEqual({ suggested: [], add: [], remove: [], favouriteIndex: { enabled: true, maxFavourites: 15, tools: ['s/x'] }, withheld: [] });
  });

  it('withholds what the policy denies to everyone, marks what it denies to some, and ranks refusals apart from use', () => {
    // memory/delete_entities: 2 calls, both refused; s/b: 30 calls, 10 of them refused for token:ci.
    const refusals = new Map([
      ['memory/delete_entities', 2],
      ['s/b', 10],
    ]);
    const usage = withoutRefusals([use('s/a', 25), use('s/b', 30), use('s/d', 10), { ...use('memory/delete_entities', 2), errors: 2 }], refusals);
    const policy = {
      refusals,
      deniedTo: (tool: string) =>
        tool.startsWith('memory/delete_') || tool === 's/d'
          ? { identities: ['token:ci', '*'], everyone: true }
          : tool === 's/b'
            ? { identities: ['token:ci'], everyone: false }
            : { identities: [], everyone: false },
    };
    const rankedUnderPolicy = rankTools(usage, { pinned: new Set(), catalog: new Set(['s/a', 's/b', 's/d']) });
    const s = suggestFavourites(rankedUnderPolicy, { enabled: true, maxFavourites: 3, tools: [] }, 3, policy);
    expect(s.suggested.map((t) => [t.tool, t.calls, t.refusals, t.deniedTo])).toEqual([
      ['s/a', 25, 0, []],
      ['s/b', 20, 10, ['token:ci']],
    ]);
    expect(s.favouriteIndex.tools).toEqual(['s/a', 's/b']);
    expect(s.withheld).toEqual([
      { tool: 's/d', calls: 10, refusals: 0 },
      { tool: 'memory/delete_entities', calls: 0, refusals: 2 },
    ]);
  });
});
