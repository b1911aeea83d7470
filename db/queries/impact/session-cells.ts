import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { queryRows } from '@/db/sql';
import type { SessionCellRow } from '@/lib/impact/compare';

/**
 * The sessions of one revision that started in [from, to), grouped by every value the impact
 * measures read, with how many sessions share them: the bootstrap's input, read from the
 * session rollup (never the raw events).
 */
export async function sessionCells(db: Db, projectId: string, revision: number, from: Date, to: Date): Promise<SessionCellRow[]> {
  const rows = await queryRows<{
    model: string;
    client: string;
    mode: string;
    calls: number;
    errors: number;
    favourite_calls: number;
    meta_calls: number;
    off_catalog_calls: number;
    before_success: number;
    first_failed: boolean;
    checked_calls: number;
    well_formed_calls: number;
    first_tool_right: boolean | null;
    sessions: number;
  }>(
    db,
    sql`select model, client, mode, calls, errors, favourite_calls, meta_calls, off_catalog_calls,
               cardinality(before_success) as before_success, first_failed, checked_calls, well_formed_calls, first_tool_right,
               count(*)::int as sessions
        from usage_sessions
        where project_id = ${projectId} and revision = ${revision}
          and first_at >= ${from.toISOString()}::timestamptz and first_at < ${to.toISOString()}::timestamptz
        group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13
        order by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13`,
  );
  return rows.map((r) => ({
    model: r.model,
    client: r.client,
    mode: r.mode,
    calls: r.calls,
    errors: r.errors,
    favouriteCalls: r.favourite_calls,
    metaCalls: r.meta_calls,
    offCatalogCalls: r.off_catalog_calls,
    callsBeforeSuccess: r.before_success,
    firstCallFailed: r.first_failed,
    checkedCalls: r.checked_calls,
    wellFormedCalls: r.well_formed_calls,
    firstToolRight: r.first_tool_right,
    sessions: r.sessions,
  }));
}

export interface RevisionTotals {
  revision: number;
  sessions: number;
  calls: number;
  errors: number;
  favouriteCalls: number;
  metaCalls: number;
  unresolvedCalls: number;
  offCatalogCalls: number;
}

/** Calls and sessions of each revision from `fromRevision` on, from the per-day segment rollup. */
export async function revisionTotals(db: Db, projectId: string, fromRevision: number): Promise<RevisionTotals[]> {
  return queryRows<RevisionTotals>(
    db,
    sql`select revision, sum(sessions)::float8 as sessions, sum(calls)::float8 as calls, sum(errors)::float8 as errors,
               sum(favourite_calls)::float8 as "favouriteCalls", sum(meta_calls)::float8 as "metaCalls",
               sum(unresolved_calls)::float8 as "unresolvedCalls", sum(off_catalog_calls)::float8 as "offCatalogCalls"
        from usage_daily_segments
        where project_id = ${projectId} and revision >= ${fromRevision}
        group by revision`,
  );
}
