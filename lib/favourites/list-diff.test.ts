import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffLists } from './list-diff';

describe('diffLists', () => {
  it('names what was pinned and unpinned, with positions', () => {
    expect(diffLists(['a/x', 'a/y'], ['a/y', 'a/z'])).toEqual({
      added: [{ tool: 'a/z', at: 2 }],
      removed: [{ tool: 'a/x', was: 1 }],
      moved: [],
    });
  });

  it('calls the one tool that was dragged the move, not the ones it passed', () => {
    expect(diffLists(['a', 'b', 'c', 'd'], ['d', 'a', 'b', 'c']).moved).toEqual([{ tool: 'd', from: 4, to: 1 }]);
    expect(diffLists(['a', 'b', 'c'], ['a', 'c', 'b']).moved).toHaveLength(1);
    expect(diffLists(['a', 'b'], ['a', 'b']).moved).toEqual([]);
  });

  it('explains every kept tool that changed order, and no other', () => {
    const tools = fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g'), { maxLength: 7 });
    fc.assert(
      fc.property(tools, tools, (before, after) => {
        const diff = diffLists(before, after);
        const movedTools = new Set(diff.moved.map((m) => m.tool));
        // The kept tools that did not move keep their order.
        const still = after.filter((t) => before.includes(t) && !movedTools.has(t));
        expect(still).toEqual(before.filter((t) => still.includes(t)));
        expect(diff.added.map((a) => a.tool)).toEqual(after.filter((t) => !before.includes(t)));
        expect(diff.removed.map((r) => r.tool)).toEqual(before.filter((t) => !after.includes(t)));
      }),
    );
  });
});
