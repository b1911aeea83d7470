import type { UsageWindow } from '@/lib/contracts/usage';

export type { UsageWindow } from '@/lib/contracts/usage';

const DAY_MS = 86_400_000;

export const MIN_WINDOW_DAYS = 1;
export const MAX_WINDOW_DAYS = 365;

/** Midnight UTC of the day holding `at`, in epoch milliseconds. */
function utcDayStart(at: number): number {
  return Math.floor(at / DAY_MS) * DAY_MS;
}

function isoDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/**
 * The N whole UTC days ending with the day of `until` (§usage). The whole last day counts,
 * even past `until`: a window is made of days, so the same window gives the same numbers
 * all day long, and an event at 00:00:00.000 of the first day is inside.
 */
export function usageWindow(days: number, until: Date): UsageWindow {
  const last = utcDayStart(until.getTime());
  return { from: isoDay(last - (days - 1) * DAY_MS), to: isoDay(last), days };
}

/** Every day of the window, oldest first. */
export function windowDays(window: UsageWindow): string[] {
  const first = Date.parse(`${window.from}T00:00:00Z`);
  return Array.from({ length: window.days }, (_, i) => isoDay(first + i * DAY_MS));
}

/** The window as a half-open time range [start, end): for queries on raw timestamps. */
export function windowRange(window: UsageWindow): { start: Date; end: Date } {
  return {
    start: new Date(`${window.from}T00:00:00.000Z`),
    end: new Date(Date.parse(`${window.to}T00:00:00.000Z`) + DAY_MS),
  };
}

/** The number of days from `from` to `to`, both included; for a custom range picked as two dates. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}
