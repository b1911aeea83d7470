import { describe, expect, it } from 'vitest';
import { retentionCutoff } from './retention';

describe('retentionCutoff', () => {
  it('keeps today and the N whole UTC days before it', () => {
    const now = Date.parse('2026-11-29T10:30:00Z');
    expect(retentionCutoff(1, now).toISOString()).toBe('2026-11-28T00:00:00.000Z');
    expect(retentionCutoff(30, now).toISOString()).toBe('2026-10-30T00:00:00.000Z');
  });

  it('does not move within a day', () => {
    expect(retentionCutoff(7, Date.parse('2026-11-29T00:00:00Z'))).toEqual(retentionCutoff(7, Date.parse('2026-11-29T23:59:59.999Z')));
  });
});
