import { DATE_PARAM_RANGE, MAX_FAVOURITES_LIMIT } from '@/lib/limits';
import { z } from 'zod';
import { MAX_WINDOW_DAYS, MIN_WINDOW_DAYS } from '@/lib/usage/window';

/** `30d`: whole UTC days, 1d to 365d (§usage). */
export const windowParamSchema = z
  .string()
  .regex(/^\d{1,3}d$/, `window is a number of days such as 30d (${MIN_WINDOW_DAYS}d to ${MAX_WINDOW_DAYS}d)`)
  .transform((value) => Number(value.slice(0, -1)))
  .refine((days) => days >= MIN_WINDOW_DAYS && days <= MAX_WINDOW_DAYS, `window must be ${MIN_WINDOW_DAYS}d to ${MAX_WINDOW_DAYS}d`);

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:[Zz]|[+-]\d{2}:\d{2})$/;

/** A calendar date as written (JavaScript would roll 2026-02-30 over to March 2). */
function isRealDate(value: string): boolean {
  const [y, m, d] = value.slice(0, 10).split('-').map(Number);
  if (y === undefined || m === undefined || d === undefined) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * The end of the window: a UTC date (YYYY-MM-DD) or an RFC 3339 date-time; its UTC day is the
 * window's last. Bounded to DATE_PARAM_RANGE, so the window and the weeks before it that a
 * backtest reads stay dates the databases store (year 10000 is not one).
 */
export const untilParamSchema = z
  .string()
  .refine((value) => DATE_ONLY.test(value) || DATE_TIME.test(value), 'until is a date (2026-11-29) or an RFC 3339 date-time')
  .refine(isRealDate, 'until is not a real date')
  .transform((value) => new Date(DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value))
  .refine((at) => !Number.isNaN(at.getTime()), 'until is not a real date')
  .refine(inDateParamRange, `until must fall between ${DATE_PARAM_RANGE.from} and ${DATE_PARAM_RANGE.to} (UTC)`);

function inDateParamRange(at: Date): boolean {
  // toISOString writes years past 9999 as +010000-….
  const day = at.toISOString();
  return /^\d{4}-/.test(day) && day.slice(0, 10) >= DATE_PARAM_RANGE.from && day.slice(0, 10) <= DATE_PARAM_RANGE.to;
}

export const usageQuerySchema = z.object({
  window: windowParamSchema.default(30),
  until: untilParamSchema.optional(),
  /** How many ranked rows to return; the totals, coverage and curve always cover every tool. */
  top: z.coerce.number().int().min(1).max(10_000).optional(),
  /** `ok` counts only successful calls: calls − errors, sessions with an ok call, last ok call. */
  status: z.enum(['all', 'ok']).default('all'),
});
export type UsageQuery = z.infer<typeof usageQuerySchema>;

export const suggestionsQuerySchema = z.object({
  window: windowParamSchema.default(30),
  until: untilParamSchema.optional(),
  /** How many tools to suggest; the project's maxFavourites when absent. */
  top: z.coerce.number().int().min(1).max(MAX_FAVOURITES_LIMIT).optional(),
});
export type SuggestionsQuery = z.infer<typeof suggestionsQuerySchema>;

/** Every project's daily calls, for the projects list. */
export const usageOverviewQuerySchema = z.object({
  window: windowParamSchema.default(7),
  until: untilParamSchema.optional(),
});

export type UsageStatus = UsageQuery['status'];
