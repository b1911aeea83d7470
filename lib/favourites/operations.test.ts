import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/errors';
import { describeChange, summariseChange } from './change-summary';
import { applyOperation, move, pin, unpin, type FavouriteOperation } from './operations';

const index = (tools: string[], maxFavourites = 5) => ({ enabled: true, maxFavourites, tools });

describe('favourite operations', () => {
  it('pins at the end or at a position, once', () => {
    expect(pin(index(['a/x']), 'a/y').tools).toEqual(['a/x', 'a/y']);
    expect(pin(index(['a/x', 'a/y']), 'a/z', 1).tools).toEqual(['a/x', 'a/z', 'a/y']);
    expect(pin(index(['a/x']), 'a/z', 99).tools).toEqual(['a/x', 'a/z']);
    const same = index(['a/x']);
    expect(pin(same, 'a/x')).toBe(same);
  });

  it('refuses a pin into a full list, saying what to unpin', () => {
    expect(() => pin(index(['a/x', 'a/y'], 2), 'a/z')).toThrow(ApiError);
    try {
      pin(index(['a/x', 'a/y'], 2), 'a/z');
    } catch (err) {
      expect((err as ApiError).code).toBe('MAX_FAVOURITES_EXCEEDED');
      expect((err as ApiError).suggestedAction).toBe('unpin one of a/x, a/y, or raise maxFavourites');
    }
  });

  it('unpins, ignoring a tool that is not pinned', () => {
    expect(unpin(index(['a/x', 'a/y']), 'a/x').tools).toEqual(['a/y']);
    expect(unpin(index(['a/x']), 'a/q').tools).toEqual(['a/x']);
  });

  it('moves a pinned tool, clamping the target, and refuses one that is not pinned', () => {
    expect(move(index(['a/1', 'a/2', 'a/3']), 'a/3', 0).tools).toEqual(['a/3', 'a/1', 'a/2']);
    expect(move(index(['a/1', 'a/2', 'a/3']), 'a/1', 10).tools).toEqual(['a/2', 'a/3', 'a/1']);
    expect(() => move(index(['a/1']), 'a/9', 0)).toThrow(/not pinned/);
  });

  it('keeps a list of distinct tools within the maximum under any sequence of operations', () => {
    const tool = fc.constantFrom('s/a', 's/b', 's/c', 's/d', 's/e', 's/f', 's/g');
    const op: fc.Arbitrary<FavouriteOperation> = fc.oneof(
      fc.record({ op: fc.constant('pin' as const), tool, position: fc.option(fc.nat(8), { nil: undefined }) }),
      fc.record({ op: fc.constant('unpin' as const), tool }),
      fc.record({ op: fc.constant('move' as const), tool, to: fc.nat(8) }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.array(op, { maxLength: 40 }), (max, ops) => {
        let state = index([], max);
        for (const operation of ops) {
          try {
            state = applyOperation(state, operation);
          } catch (err) {
            expect(err).toBeInstanceOf(ApiError);
          }
          expect(new Set(state.tools).size).toBe(state.tools.length);
          expect(state.tools.length).toBeLessThanOrEqual(max);
        }
      }),
    );
  });
});

describe('change summaries', () => {
  it('says what was pinned, unpinned, reordered and which settings changed', () => {
    const before = index(['a/1', 'a/2', 'a/3'], 5);
    const after = { enabled: false, maxFavourites: 4, tools: ['a/3', 'a/1', 'a/4'] };
    expect(summariseChange(before, after)).toEqual({
      added: ['a/4'],
      removed: ['a/2'],
      reordered: true,
      enabled: { from: true, to: false },
      maxFavourites: { from: 5, to: 4 },
    });
    expect(describeChange(before, after)).toBe('pinned a/4 · unpinned a/2 · reordered · disabled · maxFavourites 5 → 4');
    // Dropping a tool alone is not a reorder of the rest.
    expect(summariseChange(before, index(['a/1', 'a/3'])).reordered).toBe(false);
    expect(describeChange(null, index([], 15))).toBe('created with 0 favourites, maxFavourites 15');
  });
});
