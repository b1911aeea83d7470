/**
 * How a change is judged (§impact). Below `minSessions` sessions on a side a measure is "not
 * enough data": a bootstrap of a handful of sessions gives intervals that look precise and
 * are not. The resamples are seeded by what is asked, so the same question gets the same answer.
 */
export const IMPACT_SETTINGS = {
  minSessions: 30,
  replicates: 1000,
  confidence: 0.95,
  /** Models, clients and modes reported per dimension, most sessions first. */
  maxValuesPerDimension: 12,
} as const;
