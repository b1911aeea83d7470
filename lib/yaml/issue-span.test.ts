import { describe, expect, it } from 'vitest';
import { issueSpan } from './issue-span';

const TEXT = 'metadata:\n  name: two\nspc:\n  surface: {mode: lazzy}\n';
const selected = (line: number, column: number) => {
  const { start, end } = issueSpan(TEXT, line, column);
  return TEXT.slice(start, end);
};

describe('issueSpan', () => {
  it('selects the key written at the column, not the line or its parent', () => {
    expect(selected(3, 1)).toBe('spc');
    expect(selected(2, 3)).toBe('name');
  });

  it('selects a value inside a flow mapping up to its delimiter', () => {
    expect(selected(4, 19)).toBe('lazzy');
  });

  it('falls back to the whole line when the column is past its end', () => {
    expect(selected(1, 40)).toBe('metadata:');
  });
});
