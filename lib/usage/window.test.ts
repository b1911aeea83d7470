import { describe, expect, it } from 'vitest';
import { daysBetween, usageWindow, windowDays, windowRange } from './window';

describe('usageWindow', () => {
  it('is the N whole UTC days ending with the day of until', () => {
    expect(usageWindow(30, new Date('2026-11-29T10:00:00Z'))).toEqual({ from: '2026-10-31', to: '2026-11-29', days: 30 });
    expect(usageWindow(1, new Date('2026-11-29T23:59:59.999Z'))).toEqual({ from: '2026-11-29', to: '2026-11-29', days: 1 });
    // An offset moves the instant, and the UTC day is what counts.
    expect(usageWindow(1, new Date('2026-11-30T01:00:00+02:00'))).toMatchObject({ to: '2026-11-29' });
  });

  it('crosses month, year and leap-day boundaries', () => {
    expect(usageWindow(3, new Date('2028-03-01T00:00:00Z'))).toEqual({ from: '2028-02-28', to: '2028-03-01', days: 3 });
    expect(usageWindow(365, new Date('2027-01-01T12:00:00Z'))).toMatchObject({ from: '2026-01-02', to: '2027-01-01' });
  });

  it('lists every day and gives the half-open time range: first midnight in, the midnight after the last day out', () => {
    const window = usageWindow(3, new Date('2026-11-29T10:00:00Z'));
    expect(windowDays(window)).toEqual(['2026-11-27', '2026-11-28', '2026-11-29']);
    expect(windowRange(window)).toEqual({ start: new Date('2026-11-27T00:00:00.000Z'), end: new Date('2026-11-30T00:00:00.000Z') });
  });

  it('counts a custom range of two dates, both included', () => {
    expect(daysBetween('2026-11-01', '2026-11-30')).toBe(30);
    expect(daysBetween('2026-11-29', '2026-11-29')).toBe(1);
  });
});
