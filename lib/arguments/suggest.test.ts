import { describe, expect, it } from 'vitest';
import { editDistance, suggestKey } from './suggest';

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
});
