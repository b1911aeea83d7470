import { z } from 'zod';
import { MAX_BACKTEST_WEEKS, MAX_FAVOURITES_LIMIT, MAX_IMPACT_WINDOW_DAYS } from '@/lib/limits';
import { untilParamSchema } from './usage';

const revisionNumber = z.coerce.number().int().min(1).max(2_147_483_647);

/** A number of days such as 14d, from 1d to `max`. */
function daysParam(name: string, min: number, max: number) {
  return z
    .string()
    .regex(/^\d{1,3}d$/, `${name} is a number of days such as 14d (${min}d to ${max}d)`)
    .transform((value) => Number(value.slice(0, -1)))
    .refine((days) => days >= min && days <= max, `${name} must be ${min}d to ${max}d`);
}

/** GET /api/projects/{id}/impact (§impact). */
export const impactQuerySchema = z.object({
  /** The change to judge; the latest revision when neither it nor favouritesVersion is given. */
  revision: revisionNumber.optional(),
  /** Judge the revision that brought in this favourites version (the history's links). */
  favouritesVersion: revisionNumber.optional(),
  /** What to compare against; the revision just before by default. */
  baseline: revisionNumber.optional(),
  /** Sessions that started this many days either side of each change. */
  window: daysParam('window', 1, MAX_IMPACT_WINDOW_DAYS).default(14),
});
export type ImpactQuery = z.infer<typeof impactQuerySchema>;

/** GET /api/projects/{id}/backtest (§impact). */
export const backtestQuerySchema = z.object({
  /** How many weeks; when absent, as many as the project's calls reach back (see weeksOfCalls). */
  weeks: z.coerce.number().int().min(1).max(MAX_BACKTEST_WEEKS).optional(),
  /** The window the suggestion rule ranks, before each week. */
  train: daysParam('train', 1, 90).default(28),
  /** How many favourites; the project's maxFavourites when absent. */
  k: z.coerce.number().int().min(1).max(MAX_FAVOURITES_LIMIT).optional(),
  until: untilParamSchema.optional(),
});
export type BacktestQuery = z.infer<typeof backtestQuerySchema>;
