import { describe, expect, it } from 'vitest';
import { compileToolSchema } from './check';
import { MAX_PROBLEM_PATH } from './classes';
import { editDistance, suggestKey } from './suggest';

/** "At once", with room for a busy machine: before these bounds, each case here took seconds. */
const SOON_MS = 250;

const DATES = { type: 'object', properties: { startDate: { type: 'string' }, endDate: { type: 'string' } }, required: ['startDate'] };

describe('suggestKey', () => {
  it('finds the key a model shortened, re-cased or mistyped', () => {
    expect(suggestKey('start', ['startDate', 'endDate'])).toBe('startDate');
    expect(suggestKey('end', ['startDate', 'endDate'])).toBe('endDate');
    expect(suggestKey('start_date', ['startDate', 'endDate'])).toBe('startDate');
    expect(suggestKey('repositry', ['owner', 'repository'])).toBe('repository');
  });

  it('prefers a required key the call left out', () => {
    expect(suggestKey('date', ['startDate', 'endDate'], new Set(['endDate']))).toBe('endDate');
  });

  it('suggests nothing for an unrelated key', () => {
    expect(suggestKey('colour', ['startDate', 'endDate'])).toBeUndefined();
    expect(suggestKey('a', ['name'])).toBeUndefined();
  });

  it('counts a swap of neighbours as one edit', () => {
    expect(editDistance('ab', 'ba')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });

  it('checks a call with a 2M-character key at once, suggests nothing for it, and cuts its path', () => {
    const compiled = compileToolSchema({ ...DATES, additionalProperties: false });
    if (!compiled.ok) throw new Error(compiled.reason);
    const key = 's'.repeat(2_000_000);
    // Before: 9.7 s and 600 MB, an edit-distance table of 2M × 9 cells per declared key.
    const t0 = performance.now();
    const result = compiled.check({ [key]: 1, startDate: 'x' });
    const ms = performance.now() - t0;
    expect(ms).toBeLessThan(SOON_MS);
    expect(result.problems).toEqual([expect.objectContaining({ class: 'unexpected_param', blocking: true })]);
    expect(result.problems?.[0]?.suggestion).toBeUndefined();
    expect(result.problems?.[0]?.path.length).toBe(MAX_PROBLEM_PATH);
  });

  it('still suggests for keys of any real length, and passes over names too far apart in length', () => {
    expect(suggestKey('start_dte', ['startDate', 'endDate'])).toBe('startDate');
    expect(suggestKey('x'.repeat(64), ['x'.repeat(63)])).toBe('x'.repeat(63));
    expect(suggestKey('x'.repeat(65), ['x'.repeat(64)])).toBeUndefined();
    expect(suggestKey('abc', ['abcdefghijklmnopqrstuvwxyz'.repeat(100)])).toBeUndefined();
  });
});
