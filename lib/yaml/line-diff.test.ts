import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffLines, unifiedDiff } from './line-diff';

describe('line diff', () => {
  it('aligns unchanged lines and marks the rest', () => {
    expect(diffLines('a\nb\nc\n', 'a\nx\nc\nd\n')).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'remove', text: 'b' },
      { kind: 'add', text: 'x' },
      { kind: 'same', text: 'c' },
      { kind: 'add', text: 'd' },
    ]);
  });

  it('rebuilds both texts from any diff', () => {
    const lines = fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { maxLength: 30 });
    fc.assert(
      fc.property(lines, lines, (a, b) => {
        const ops = diffLines(a.map((l) => `${l}\n`).join(''), b.map((l) => `${l}\n`).join(''));
        expect(ops.filter((o) => o.kind !== 'add').map((o) => o.text)).toEqual(a);
        expect(ops.filter((o) => o.kind !== 'remove').map((o) => o.text)).toEqual(b);
      }),
    );
  });

  it('writes unified hunks with three lines of context', () => {
    const before = `${Array.from({ length: 20 }, (_, i) => `line ${i}`).join('\n')}\n`;
    const after = before.replace('line 10\n', 'line ten\n');
    expect(unifiedDiff(before, after, { from: 'a', to: 'b' })).toBe(
      '--- a\n+++ b\n@@ -8,7 +8,7 @@\n line 7\n line 8\n line 9\n-line 10\n+line ten\n line 11\n line 12\n line 13\n',
    );
    expect(unifiedDiff(before, before, { from: 'a', to: 'b' })).toBe('');
  });
});
