import { sql } from 'drizzle-orm';
import { retentionCutoff } from '@/lib/retention';
import type { Db } from '@/db/client';
import { queryRows } from '@/db/sql';

const BATCH = 20_000;

export interface RetentionResult {
  projectId: string;
  cutoff: string;
  deletedEvents: number;
}

/**
 * Delete raw events past each project's retention (§storage). The rollup keeps their counts:
 * usage over any window still adds up. Deleted in batches so a large backlog never holds
 * long locks; the per-day session dedupe rows of those days go too, since ingest refuses
 * events older than the retention (they could no longer be deduplicated).
 */
export async function applyRetention(db: Db, now = Date.now()): Promise<RetentionResult[]> {
  const projects = await queryRows<{ id: string; retention_days: number }>(
    db,
    sql`select id, retention_days from projects where retention_days is not null order by id`,
  );
  const results: RetentionResult[] = [];
  for (const project of projects) {
    const cutoff = retentionCutoff(project.retention_days, now).toISOString();
    let deletedEvents = 0;
    for (;;) {
      const [counted] = await queryRows<{ n: number }>(
        db,
        sql`with doomed as (
              select event_id from events where project_id = ${project.id} and ts < ${cutoff}::timestamptz limit ${BATCH}
            ), gone as (
              delete from events e using doomed d where e.project_id = ${project.id} and e.event_id = d.event_id returning 1
            )
            select count(*)::int as n from gone`,
      );
      if (!counted) throw new Error('an aggregate without group by returns one row');
      deletedEvents += counted.n;
      if (counted.n < BATCH) break;
    }
    await db.execute(sql`delete from usage_tool_sessions where project_id = ${project.id} and day < (${cutoff}::timestamptz at time zone 'UTC')::date`);
    results.push({ projectId: project.id, cutoff, deletedEvents });
  }
  return results;
}
