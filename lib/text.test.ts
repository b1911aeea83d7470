import { describe, expect, it } from 'vitest';
import { lineSpan } from './text';

describe('lineSpan', () => {
  const text = 'kind: Project\nmetadata:\n  name: x\n';
  it('finds a line by its number, without its line break', () => {
    expect(text.slice(lineSpan(text, 1).start, lineSpan(text, 1).end)).toBe('kind: Project');
    expect(text.slice(lineSpan(text, 3).start, lineSpan(text, 3).end)).toBe('  name: x');
  });
  it('stops at the last line', () => {
    expect(lineSpan(text, 99)).toEqual({ start: text.length, end: text.length });
    expect(lineSpan('one line', 5)).toEqual({ start: 0, end: 8 });
  });
});
