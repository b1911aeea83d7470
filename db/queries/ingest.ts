import { sql } from 'drizzle-orm';
import type { EventRow } from '@/lib/events/to-row';
import type { Db } from '@/db/client';
import { UNRESOLVED_REST } from '@/db/schema/usage';
import { queryPreparedRows } from '@/db/sql';
import { UNRESOLVED_NAMES_PER_DAY } from '@/lib/limits';
import { ARGUMENT_COUNTS, ARGUMENT_JUDGEMENT, CALL_COUNTS, mergeFirstToolRight, SEGMENT_COUNTER_COLUMNS, UNRESOLVED_CALLS } from './impact/call-counts';

/** What ingest reads of a project, under a share lock that a change to name resolution waits for. */
export interface IngestState {
  catalogVersion: number;
  metaTools: string[];
  retentionDays: number | null;
  favouritesVersion: number;
  /** The key clients give favindex (surface.serverKey): their names of its tools start with it. */
  serverKey: string;
  surfaceRevision: number;
  /** Epoch milliseconds: with the revision, it keys the cached revision timeline. */
  createdAt: number;
}

export async function lockProjectForIngest(db: Db, projectId: string): Promise<IngestState | null> {
  const [row] = await queryPreparedRows<{
    catalog_version: number;
    meta_tools: string[];
    retention_days: number | null;
    favourites_version: number;
    server_key: string;
    surface_revision: number;
    created_ms: number;
  }>(
    db,
    'favindex_ingest_lock',
    sql`select p.catalog_version, p.meta_tools, p.retention_days, f.version as favourites_version, p.surface_revision,
               (extract(epoch from p.created_at) * 1000)::float8 as created_ms,
               coalesce(p.surface->>'serverKey', 'favindex') as server_key
        from projects p join favourite_indexes f on f.project_id = p.id
        where p.id = ${projectId} for share of p`,
  );
  if (!row) return null;
  return {
    catalogVersion: row.catalog_version,
    metaTools: row.meta_tools,
    retentionDays: row.retention_days,
    favouritesVersion: row.favourites_version,
    serverKey: row.server_key,
    surfaceRevision: row.surface_revision,
    createdAt: row.created_ms,
  };
}

/** Sorting by id makes concurrent batches take row locks in one order, so they never deadlock. */
function compareIds(a: EventRow, b: EventRow): number {
  return a.eventId < b.eventId ? -1 : a.eventId > b.eventId ? 1 : 0;
}

/** Nulls are left out (undefined is not serialised): a missing key reads as NULL, and the batch is smaller. */
function toJsonRecords(rows: readonly EventRow[]): string {
  return JSON.stringify(
    [...rows].sort(compareIds).map((r) => ({
      e: r.eventId,
      t: r.ts,
      r: r.rawName,
      n: r.namespace,
      k: r.kind,
      o: r.tool,
      sh: r.serverHint ?? undefined,
      th: r.toolHint ?? undefined,
      ch: r.canonicalHint ?? undefined,
      re: r.reason ?? undefined,
      s: r.sessionId ?? undefined,
      st: r.status,
      ec: r.errorCode ?? undefined,
      d: r.durationMs ?? undefined,
      m: r.model ?? undefined,
      c: r.client ?? undefined,
      tk: r.token ?? undefined,
      rv: r.surfaceRevision,
      md: r.mode,
      pv: r.protocolVersion ?? undefined,
      oc: r.offCatalog || undefined,
      fc: r.failureClasses,
      ap: r.argumentProblems ?? undefined,
    })),
  );
}

/**
 * One statement: insert the events (each id once: the caller leaves out repeats), skip the ids
 * already stored and return them, and add only the inserted
 * ones to the rollups: the usage rollup (schema/usage.ts: the detail rows, the per-namespace
 * rows, the per-tool rows with their per-day session counters) and the impact rollup
 * (schema/impact.ts: a row per session under one revision, mode, model and client, and the
 * per-day segment totals). Each step is ordered by its key so concurrent batches lock rows in
 * the same order.
 *
 * PostgreSQL runs the data-modifying CTEs the main query does not read in the reverse of their
 * order here, so the rows every batch updates (per-day namespace and segment totals) are
 * declared first: they are locked last, just before commit, and concurrent batches queue on
 * them for as short a time as possible.
 *
 * Sessions: `sessions` counts the (day, tool, session) rows this batch created in
 * usage_tool_sessions, `sessions_ok` those created with an ok call plus those an ok call
 * turned ok. `xmax = 0` tells a row the upsert inserted from one it updated.
 *
 * Unresolved names (schema/usage.ts): a name already counted under its own name that day stays
 * there, one already counted in the day's rest stays there (the raw events say which were
 * called before), and a new one gets its own rows while the day has had fewer than
 * UNRESOLVED_NAMES_PER_DAY names, the batch's most called first. The day's name counter is
 * bumped under its row lock, so concurrent batches never hand out the same room twice.
 *
 * Impact sessions merge in any order: sums add, first/last take least/greatest, the first
 * call's failure follows whichever side has the earlier first call, and `before_success`
 * keeps the times of the calls before the earliest success of both sides, so the count
 * stays exact when a session's calls arrive late or in several batches. The first tool call's
 * verdict (checked, well-formed and ok) merges like the first call's failure.
 */
export async function insertEventRows(db: Db, projectId: string, rows: readonly EventRow[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const [result] = await queryPreparedRows<{ skipped: string[] }>(
    db,
    'favindex_ingest_rows',
    sql`
    with input as (
      -- fc and ap as json, cast once selected: json_to_recordset fills a jsonb column 3-4 times
      -- slower than it casts a json one (PostgreSQL 15, measured: #26).
      select * from json_to_recordset(${toJsonRecords(rows)}::json) as x(
        e text, t timestamptz, r text, n text, k text, o text, sh text, th text, ch text, re text,
        s text, st text, ec text, d integer, m text, c text, tk text, rv integer, md text, pv text, oc boolean, fc json, ap json)
    ),
    ins as (
      insert into events (project_id, event_id, ts, raw_name, namespace, kind, tool, server_hint, tool_hint,
                          canonical_hint, unresolved_reason, session_id, status, error_code, duration_ms, model, client,
                          token, surface_revision, mode, protocol_version, off_catalog, failure_classes, argument_problems)
      select ${projectId}::text, e, t, r, n, k, o, sh, th, ch, re, s, st, ec, d, m, c, tk, rv, md, pv, coalesce(oc, false), fc::jsonb, ap::jsonb
      from input order by e
      on conflict (project_id, event_id) do nothing
      returning event_id, (ts at time zone 'UTC')::date as day, kind, tool, namespace, ts, status, session_id,
                surface_revision as revision, mode, coalesce(model, '') as model, coalesce(client, '') as client, off_catalog,
                ${ARGUMENT_JUDGEMENT}
    ),
    by_namespace as (
      insert into usage_daily_namespaces (project_id, day, kind, namespace, calls, errors)
      select ${projectId}::text, day, kind, namespace, count(*), count(*) filter (where status <> 'ok')
      from ins group by day, kind, namespace order by day, kind, namespace
      on conflict (project_id, day, kind, namespace) do update set
        calls = usage_daily_namespaces.calls + excluded.calls,
        errors = usage_daily_namespaces.errors + excluded.errors
    ),
    session_batch as (
      select revision, mode, model, client, session_id, min(ts) as first_at, max(ts) as last_at,
             -- The earliest call, a failed one first among equals: a plain min, no sort per session.
             (min(array[extract(epoch from ts)::float8, (status = 'ok')::int]))[2] = 0 as first_failed,
             min(ts) filter (where kind = 'tool' and status = 'ok') as first_success_at,
             array_agg(ts) filter (where kind <> 'tool' or status <> 'ok') as unsuccessful, ${CALL_COUNTS}, ${ARGUMENT_COUNTS}
      from ins where session_id is not null
      group by revision, mode, model, client, session_id
    ),
    impact_sessions as (
      insert into usage_sessions as s (project_id, revision, mode, model, client, session_id, first_at, last_at, first_failed,
                                       first_success_at, before_success, calls, errors, favourite_calls, meta_calls, off_catalog_calls,
                                       checked_calls, well_formed_calls, first_tool_at, first_tool_right)
      select ${projectId}::text, revision, mode, model, client, session_id, first_at, last_at, first_failed, first_success_at,
             array(select u from unnest(unsuccessful) u where first_success_at is null or u < first_success_at),
             calls, errors, favourite_calls, meta_calls, off_catalog_calls, checked_calls, well_formed_calls, first_tool_at, first_tool_right
      from session_batch order by revision, mode, model, client, session_id
      on conflict (project_id, revision, mode, model, client, session_id) do update set
        first_failed = case when excluded.first_at < s.first_at then excluded.first_failed
                            when excluded.first_at > s.first_at then s.first_failed
                            else s.first_failed or excluded.first_failed end,
        first_at = least(s.first_at, excluded.first_at),
        last_at = greatest(s.last_at, excluded.last_at),
        first_success_at = least(s.first_success_at, excluded.first_success_at),
        before_success = array(
          select u from unnest(s.before_success || excluded.before_success) u
          where least(s.first_success_at, excluded.first_success_at) is null or u < least(s.first_success_at, excluded.first_success_at)),
        calls = s.calls + excluded.calls,
        errors = s.errors + excluded.errors,
        favourite_calls = s.favourite_calls + excluded.favourite_calls,
        meta_calls = s.meta_calls + excluded.meta_calls,
        off_catalog_calls = s.off_catalog_calls + excluded.off_catalog_calls,
        checked_calls = s.checked_calls + excluded.checked_calls,
        well_formed_calls = s.well_formed_calls + excluded.well_formed_calls,
        first_tool_right = ${mergeFirstToolRight('s', 'excluded')},
        first_tool_at = least(s.first_tool_at, excluded.first_tool_at)
      returning revision, mode, model, client, (first_at at time zone 'UTC')::date as day, (xmax = 0) as is_new
    ),
    by_segment as (
      insert into usage_daily_segments (project_id, day, revision, mode, model, client, ${SEGMENT_COUNTER_COLUMNS})
      select ${projectId}::text, day, revision, mode, model, client, sum(calls), sum(errors), sum(favourite_calls),
             sum(meta_calls), sum(off_catalog_calls), sum(unresolved_calls), sum(sessions)
      from (
        select day, revision, mode, model, client, ${CALL_COUNTS}, ${UNRESOLVED_CALLS}, 0 as sessions
        from ins group by day, revision, mode, model, client
        union all
        select day, revision, mode, model, client, 0, 0, 0, 0, 0, 0, count(*) from impact_sessions where is_new
        group by day, revision, mode, model, client
      ) u
      group by day, revision, mode, model, client order by day, revision, mode, model, client
      on conflict (project_id, day, revision, mode, model, client) do update set
        calls = usage_daily_segments.calls + excluded.calls,
        errors = usage_daily_segments.errors + excluded.errors,
        favourite_calls = usage_daily_segments.favourite_calls + excluded.favourite_calls,
        meta_calls = usage_daily_segments.meta_calls + excluded.meta_calls,
        unresolved_calls = usage_daily_segments.unresolved_calls + excluded.unresolved_calls,
        off_catalog_calls = usage_daily_segments.off_catalog_calls + excluded.off_catalog_calls,
        sessions = usage_daily_segments.sessions + excluded.sessions
    ),
    unresolved_names as (
      select i.day, i.tool, count(*) as calls,
             exists (select 1 from usage_daily d
                     where d.project_id = ${projectId} and d.day = i.day and d.kind = 'unresolved' and d.tool = i.tool) as own,
             -- The day as a range of (name, time), not of time alone: only the unresolved index can
             -- serve it, never a scan of the day's events per name.
             exists (select 1 from events e
                     where e.project_id = ${projectId} and e.kind = 'unresolved' and e.raw_name = i.tool
                       and (e.raw_name, e.ts) >= (i.tool, i.day::timestamp at time zone 'UTC')
                       and (e.raw_name, e.ts) < (i.tool, (i.day + 1)::timestamp at time zone 'UTC')) as seen
      from ins i where i.kind = 'unresolved' group by i.day, i.tool
    ),
    new_names as (
      select day, tool, row_number() over (partition by day order by calls desc, tool) as place
      from unresolved_names where not own and not seen
    ),
    new_per_day as (select day, count(*)::int as added from new_names group by day),
    name_days as (
      insert into usage_unresolved_days (project_id, day, names)
      select ${projectId}::text, day, added from new_per_day order by day
      on conflict (project_id, day) do update set names = usage_unresolved_days.names + excluded.names
      returning day, names
    ),
    own_names as (
      select day, tool from unresolved_names where own
      union all
      select n.day, n.tool from new_names n join name_days d on d.day = n.day join new_per_day a on a.day = n.day
      where d.names - a.added + n.place <= ${UNRESOLVED_NAMES_PER_DAY}
    ),
    detail as (
      insert into usage_daily (project_id, day, kind, tool, namespace, calls, errors, last_used, last_ok_used)
      select ${projectId}::text, i.day, i.kind, case when i.kind <> 'unresolved' or o.tool is not null then i.tool else ${UNRESOLVED_REST} end,
             i.namespace, count(*), count(*) filter (where i.status <> 'ok'), max(i.ts), max(i.ts) filter (where i.status = 'ok')
      from ins i left join own_names o on i.kind = 'unresolved' and o.day = i.day and o.tool = i.tool
      group by 2, 3, 4, 5 order by 2, 3, 4, 5
      on conflict (project_id, day, kind, tool, namespace) do update set
        calls = usage_daily.calls + excluded.calls,
        errors = usage_daily.errors + excluded.errors,
        last_used = greatest(usage_daily.last_used, excluded.last_used),
        last_ok_used = greatest(usage_daily.last_ok_used, excluded.last_ok_used)
    ),
    seen as (
      insert into usage_tool_sessions as s (project_id, day, tool, session_id, ok)
      select ${projectId}::text, day, tool, session_id, bool_or(status = 'ok')
      from ins where kind = 'tool' and session_id is not null
      group by day, tool, session_id order by day, tool, session_id
      on conflict (project_id, day, tool, session_id) do update set ok = true where not s.ok and excluded.ok
      returning day, tool, (xmax = 0) as is_new, ok
    ),
    by_tool as (
      insert into usage_daily_tools (project_id, day, tool, sessions, sessions_ok, calls, errors, last_used, last_ok_used)
      select ${projectId}::text, day, tool, sum(sessions), sum(sessions_ok), sum(calls), sum(errors), max(last_used), max(last_ok_used)
      from (
        select day, tool, 0 as sessions, 0 as sessions_ok, 1 as calls, (status <> 'ok')::int as errors,
               ts as last_used, case when status = 'ok' then ts end as last_ok_used
        from ins where kind = 'tool'
        union all
        select day, tool, is_new::int, ok::int, 0, 0, null, null from seen
      ) u
      group by day, tool order by day, tool
      on conflict (project_id, day, tool) do update set
        sessions = usage_daily_tools.sessions + excluded.sessions,
        sessions_ok = usage_daily_tools.sessions_ok + excluded.sessions_ok,
        calls = usage_daily_tools.calls + excluded.calls,
        errors = usage_daily_tools.errors + excluded.errors,
        last_used = greatest(usage_daily_tools.last_used, excluded.last_used),
        last_ok_used = greatest(usage_daily_tools.last_ok_used, excluded.last_ok_used)
    )
    select array(select e from input except all select event_id from ins) as skipped`,
  );
  if (!result) throw new Error('a select without from returns one row');
  return result.skipped;
}
