const DAY_MS = 86_400_000;

/**
 * The first instant a project keeps raw events for: the start of the UTC day `retentionDays`
 * days before today. Whole days go at once, so a day's rollup always matches its raw events
 * while they are kept (re-resolution recounts whole days from them).
 */
export function retentionCutoff(retentionDays: number, now: number): Date {
  return new Date(Math.floor(now / DAY_MS) * DAY_MS - retentionDays * DAY_MS);
}
