import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { ARGUMENT_COUNTS, ARGUMENT_JUDGEMENT, CALL_COUNTS, SEGMENT_COUNTER_COLUMNS, UNRESOLVED_CALLS } from './call-counts';

/*
 * The impact rollups (schema/impact.ts) computed from the raw events in one pass: what ingest
 * keeps up batch by batch must equal this, and both count with call-counts.ts.
 * drizzle/0010_impact_backfill.sql runs the same statements over every project, the counts
 * written out there (a migration stays as it was committed). Raw events past a project's
 * retention are gone, so this is for tests, the bench and the backfill, never for a project
 * that has deleted events.
 */

function sessionRowsFrom(where: SQL): SQL {
  return sql`
    select project_id, revision, mode, model, client, session_id, min(ts) as first_at, max(ts) as last_at,
           bool_or(status <> 'ok') filter (where ts = first_at) as first_failed,
           min(ts) filter (where kind = 'tool' and status = 'ok') as first_success_at,
           coalesce(array_agg(ts order by ts) filter (where first_success_at is null or ts < first_success_at), '{}') as before_success,
           ${CALL_COUNTS}, ${ARGUMENT_COUNTS}
    from (
      select project_id, surface_revision as revision, mode, coalesce(model, '') as model, coalesce(client, '') as client, session_id,
             ts, status, kind, namespace, off_catalog, ${ARGUMENT_JUDGEMENT},
             min(ts) over w as first_at,
             min(ts) filter (where kind = 'tool' and status = 'ok') over w as first_success_at
      from events
      where session_id is not null and ${where}
      window w as (partition by project_id, surface_revision, mode, coalesce(model, ''), coalesce(client, ''), session_id)
    ) e
    group by project_id, revision, mode, model, client, session_id`;
}

function segmentRowsFrom(where: SQL): SQL {
  return sql`
    select project_id, day, revision, mode, model, client, sum(calls), sum(errors), sum(favourite_calls),
           sum(meta_calls), sum(off_catalog_calls), sum(unresolved_calls), sum(sessions)
    from (
      select project_id, (ts at time zone 'UTC')::date as day, surface_revision as revision, mode,
             coalesce(model, '') as model, coalesce(client, '') as client, ${CALL_COUNTS}, ${UNRESOLVED_CALLS}, 0 as sessions
      from events where ${where}
      group by 1, 2, 3, 4, 5, 6
      union all
      select project_id, (first_at at time zone 'UTC')::date, revision, mode, model, client, 0, 0, 0, 0, 0, 0, count(*)
      from usage_sessions where ${where}
      group by 1, 2, 3, 4, 5, 6
    ) u
    group by project_id, day, revision, mode, model, client`;
}

/** Replace a project's impact rollups by their recount from its raw events. */
export async function recountImpactRollups(db: Db, projectId: string): Promise<void> {
  const ofProject = sql`project_id = ${projectId}`;
  await db.execute(sql`delete from usage_sessions where ${ofProject}`);
  await db.execute(sql`delete from usage_daily_segments where ${ofProject}`);
  await db.execute(sql`
    insert into usage_sessions (project_id, revision, mode, model, client, session_id, first_at, last_at, first_failed,
                                first_success_at, before_success, calls, errors, favourite_calls, meta_calls, off_catalog_calls,
                                checked_calls, well_formed_calls, first_tool_at, first_tool_right)
    ${sessionRowsFrom(ofProject)}`);
  await db.execute(sql`
    insert into usage_daily_segments (project_id, day, revision, mode, model, client, ${SEGMENT_COUNTER_COLUMNS})
    ${segmentRowsFrom(ofProject)}`);
}
