import { describe, expect, it } from 'vitest';
import { FAILURE_CLASSES, type FailureClass } from './classes';
import { commonMistakes, wrongKeyText } from './labels';

const classes = (counts: Partial<Record<FailureClass, number>>) =>
  Object.fromEntries(FAILURE_CLASSES.map((c) => [c, counts[c] ?? 0])) as Record<FailureClass, number>;

describe('the words for why calls fail', () => {
  it('lists the argument mistakes most first, ties in class order, and leaves out ok, invented names and server errors', () => {
    expect(commonMistakes(classes({ ok: 50, server_error: 9, invented_tool: 7, type_error: 2, unexpected_param: 4, missing_required: 4 }))).toEqual([
      { class: 'missing_required', calls: 4 },
      { class: 'unexpected_param', calls: 4 },
      { class: 'type_error', calls: 2 },
    ]);
    expect(commonMistakes(classes({ ok: 3 }))).toEqual([]);
  });

  it('shows a wrong key with the key it stood for, or alone when nothing declared is close', () => {
    expect(wrongKeyText({ key: '$.start', suggestion: 'startDate' })).toBe('$.start → startDate');
    expect(wrongKeyText({ key: '$.zzz', suggestion: null })).toBe('$.zzz');
  });
});
