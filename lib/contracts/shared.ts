import { z } from 'zod';

/**
 * Pieces every contract uses. A contract describes a response body exactly as the server
 * writes it: no defaults or transforms (a missing field is drift, not something to fill in),
 * and keys in the order the server writes them, so a parsed body prints as it was received.
 */

/** A timestamp as the API writes it: `Date.toISOString()`, always UTC. */
export const isoDateTime = z.iso.datetime().describe('An ISO 8601 UTC timestamp, e.g. 2026-11-29T10:00:00.123Z.');

/** A UTC calendar day, YYYY-MM-DD. */
export const isoDate = z.iso.date().describe('A UTC day, YYYY-MM-DD.');

/** A whole number. */
export const int = z.number().int();

/** A whole number of things: calls, tools, versions. */
export const count = z.number().int().nonnegative();

/** A fraction from 0 to 1. */
export const share = z.number().min(0).max(1);

/** One saved version of a setting kept with its history (favourites, policy): when, from where, and the setting before and after. */
export function savedVersionSchema<Setting extends z.ZodType>(setting: Setting, sources: string) {
  return z.object({
    version: count,
    changedAt: isoDateTime,
    via: z.string().describe(`Where the change came from: ${sources}.`),
    before: setting.nullable().describe('Null for the first version.'),
    after: setting,
  });
}

/** A setting's history as its GET …/history answers (favourites, policy): the version in force and the saved versions, newest first. */
export function settingHistorySchema<Entry extends z.ZodType>(entry: Entry) {
  return z.object({
    project: z.string(),
    currentVersion: count,
    changes: z.array(entry),
  });
}
