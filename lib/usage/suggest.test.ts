import { describe, expect, it } from 'vitest';
import { rankTools, type ToolUsage } from './rank';
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
      { tool: 's/a', calls: 40, share: 0.4, pinned: false, inCatalog: true },
      { tool: 's/b', calls: 30, share: 0.3, pinned: false, inCatalog: true },
      { tool: 's/c', calls: 20, share: 0.2, pinned: true, inCatalog: true },
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
    expect(none).toEqual({ suggested: [], add: [], remove: [], favouriteIndex: { enabled: true, maxFavourites: 15, tools: ['s/x'] } });
  });
});
