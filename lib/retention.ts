const DAY_MS = 86_400_000;

/**
 * The first instant a project keeps raw events for: the start of the UTC day `retentionDays`
 * days before today. Whole days go at once, so a day's rollup always matches its raw events
 * while they are kept (re-resolution recounts whole days from them).
 */
export function retentionCutoff(retentionDays: number, now: number): Date {
  return new Date(Math.floor(now / DAY_MS) * DAY_MS - retentionDays * DAY_MS);
}

/** Events that fall before a project's retention: they could be neither kept nor deduplicated. */
export function splitByRetention<E extends { index: number; at: number; timestamp: string }>(
  batch: readonly E[],
  retentionDays: number | null,
  now: number,
): { kept: readonly E[]; tooOld: { index: number; error_code: 'OLDER_THAN_RETENTION'; message: string }[] } {
  if (retentionDays === null) return { kept: batch, tooOld: [] };
  const cutoff = retentionCutoff(retentionDays, now);
  const kept: E[] = [];
  const tooOld: { index: number; error_code: 'OLDER_THAN_RETENTION'; message: string }[] = [];
  for (const event of batch) {
    if (event.at >= cutoff.getTime()) kept.push(event);
    else {
      tooOld.push({
        index: event.index,
        error_code: 'OLDER_THAN_RETENTION',
        message: `timestamp ${event.timestamp} is before ${cutoff.toISOString()}: the project keeps raw events for ${retentionDays} days`,
      });
    }
  }
  return { kept, tooOld };
}
