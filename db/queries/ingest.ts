import { sql } from 'drizzle-orm';
import { projectNotFound } from '@/lib/errors';
import { toEventRow, type EventRow } from '@/lib/events/to-row';
import type { ValidatedEvent } from '@/lib/events/validate-event';
import type { Db } from '../client';
import { queryRows, withTransactionRetry } from '../sql';
import { loadNameContext } from './name-context';

export interface IngestResult {
  accepted: number;
  duplicates: number;
}

/**
 * Store a batch of validated events atomically: resolve their names, insert the new ones
 * (an id already stored is a duplicate), and fold them into the daily rollup, all in one
 * transaction (§events, §storage).
 */
export async function ingestEvents(db: Db, projectId: string, batch: readonly ValidatedEvent[]): Promise<IngestResult> {
  if (batch.length === 0) return { accepted: 0, duplicates: 0 };
  const accepted = await withTransactionRetry(() =>
    db.transaction(async (tx) => {
      const [project] = await queryRows<{ catalog_version: number; meta_tools: string[]; favourites_version: number }>(
        tx,
        sql`select p.catalog_version, p.meta_tools, f.version as favourites_version
            from projects p join favourite_indexes f on f.project_id = p.id
            where p.id = ${projectId} for share of p`,
      );
      if (!project) throw projectNotFound(projectId);
      const context = await loadNameContext(tx, {
        projectId,
        catalogVersion: project.catalog_version,
        favouritesVersion: project.favourites_version,
        metaTools: project.meta_tools,
      });
      return insertEventRows(tx, projectId, batch.map((event) => toEventRow(event, context)));
    }),
  );
  return { accepted, duplicates: batch.length - accepted };
}

/** Sorting by id makes concurrent batches take row locks in one order, so they never deadlock. */
function compareIds(a: EventRow, b: EventRow): number {
  return a.eventId < b.eventId ? -1 : a.eventId > b.eventId ? 1 : 0;
}

function toJsonRecords(rows: readonly EventRow[]): string {
  return JSON.stringify(
    [...rows].sort(compareIds).map((r) => ({
      e: r.eventId,
      t: r.ts,
      r: r.rawName,
      n: r.namespace,
      k: r.kind,
      o: r.tool,
      sh: r.serverHint,
      th: r.toolHint,
      re: r.reason,
      s: r.sessionId,
      st: r.status,
      ec: r.errorCode,
      d: r.durationMs,
      m: r.model,
      c: r.client,
    })),
  );
}

/**
 * One statement: insert the events, skip the ids already stored, and add only the inserted
 * ones to usage_daily and the per-day session counters. Each step is ordered by its key so
 * concurrent batches lock rows in the same order.
 */
export async function insertEventRows(db: Db, projectId: string, rows: readonly EventRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const [result] = await queryRows<{ accepted: number }>(
    db,
    sql`
    with input as (
      select * from jsonb_to_recordset(${toJsonRecords(rows)}::jsonb) as x(
        e text, t timestamptz, r text, n text, k text, o text, sh text, th text, re text,
        s text, st text, ec text, d integer, m text, c text)
    ),
    ins as (
      insert into events (project_id, event_id, ts, raw_name, namespace, kind, tool, server_hint, tool_hint,
                          unresolved_reason, session_id, status, error_code, duration_ms, model, client)
      select ${projectId}::text, e, t, r, n, k, o, sh, th, re, s, st, ec, d, m, c from input order by e
      on conflict (project_id, event_id) do nothing
      returning (ts at time zone 'UTC')::date as day, kind, tool, namespace, ts, status, session_id
    ),
    rollup as (
      insert into usage_daily (project_id, day, kind, tool, namespace, calls, errors, last_used, last_ok_used)
      select ${projectId}::text, day, kind, tool, namespace, count(*), count(*) filter (where status <> 'ok'),
             max(ts), max(ts) filter (where status = 'ok')
      from ins group by day, kind, tool, namespace order by day, kind, tool, namespace
      on conflict (project_id, day, kind, tool, namespace) do update set
        calls = usage_daily.calls + excluded.calls,
        errors = usage_daily.errors + excluded.errors,
        last_used = greatest(usage_daily.last_used, excluded.last_used),
        last_ok_used = greatest(usage_daily.last_ok_used, excluded.last_ok_used)
    ),
    seen as (
      insert into usage_session_seen (project_id, day, tool, session_id, scope)
      select distinct ${projectId}::text, day, tool, session_id, scope
      from ins cross join lateral (values ('all'), (case when status = 'ok' then 'ok' end)) v(scope)
      where kind = 'tool' and session_id is not null and scope is not null
      order by 2, 3, 4, 5
      on conflict do nothing
      returning day, tool, scope
    ),
    sessions as (
      insert into usage_daily_sessions (project_id, day, tool, sessions, sessions_ok)
      select ${projectId}::text, day, tool, count(*) filter (where scope = 'all'), count(*) filter (where scope = 'ok')
      from seen group by day, tool order by day, tool
      on conflict (project_id, day, tool) do update set
        sessions = usage_daily_sessions.sessions + excluded.sessions,
        sessions_ok = usage_daily_sessions.sessions_ok + excluded.sessions_ok
    )
    select count(*)::int as accepted from ins`,
  );
  return result.accepted;
}
