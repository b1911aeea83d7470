import { sql } from 'drizzle-orm';
import type { Db } from '../client';

export interface RollupKey {
  /** UTC day, YYYY-MM-DD */
  day: string;
  kind: string;
  tool: string;
}

/**
 * Recount the rollup rows of the given (day, kind, tool) keys from the raw events. Used when
 * stored events change what they count as (an unresolved name resolved later), so the rollup
 * always equals what the events say.
 */
export async function rebuildRollup(db: Db, projectId: string, keys: readonly RollupKey[]): Promise<void> {
  if (keys.length === 0) return;
  const unique = [...new Map(keys.map((k) => [`${k.day}|${k.kind}|${k.tool}`, k])).values()];
  const keyJson = JSON.stringify(unique);
  const keysCte = sql`keys as (select * from jsonb_to_recordset(${keyJson}::jsonb) as k(day date, kind text, tool text))`;
  const matchingEvents = sql`events e join keys k on e.kind = k.kind and e.tool = k.tool
      and e.ts >= (k.day::timestamp at time zone 'UTC') and e.ts < ((k.day + 1)::timestamp at time zone 'UTC')
      where e.project_id = ${projectId}`;

  await db.execute(sql`with ${keysCte}
    delete from usage_daily u using keys k
    where u.project_id = ${projectId} and u.day = k.day and u.kind = k.kind and u.tool = k.tool`);
  await db.execute(sql`with ${keysCte}
    insert into usage_daily (project_id, day, kind, tool, namespace, calls, errors, last_used, last_ok_used)
    select ${projectId}::text, (e.ts at time zone 'UTC')::date, e.kind, e.tool, e.namespace, count(*),
           count(*) filter (where e.status <> 'ok'), max(e.ts), max(e.ts) filter (where e.status = 'ok')
    from ${matchingEvents}
    group by 2, 3, 4, 5`);

  await db.execute(sql`with ${keysCte}
    delete from usage_session_seen s using keys k
    where s.project_id = ${projectId} and k.kind = 'tool' and s.day = k.day and s.tool = k.tool`);
  await db.execute(sql`with ${keysCte}
    delete from usage_daily_sessions s using keys k
    where s.project_id = ${projectId} and k.kind = 'tool' and s.day = k.day and s.tool = k.tool`);
  await db.execute(sql`with ${keysCte}
    insert into usage_session_seen (project_id, day, tool, session_id, scope)
    select distinct ${projectId}::text, (e.ts at time zone 'UTC')::date, e.tool, e.session_id, v.scope
    from events e join keys k on k.kind = 'tool' and e.kind = 'tool' and e.tool = k.tool
      and e.ts >= (k.day::timestamp at time zone 'UTC') and e.ts < ((k.day + 1)::timestamp at time zone 'UTC')
    cross join lateral (values ('all'), (case when e.status = 'ok' then 'ok' end)) v(scope)
    where e.project_id = ${projectId} and e.session_id is not null and v.scope is not null`);
  await db.execute(sql`with ${keysCte}
    insert into usage_daily_sessions (project_id, day, tool, sessions, sessions_ok)
    select ${projectId}::text, s.day, s.tool, count(*) filter (where s.scope = 'all'), count(*) filter (where s.scope = 'ok')
    from usage_session_seen s join keys k on k.kind = 'tool' and s.day = k.day and s.tool = k.tool
    where s.project_id = ${projectId}
    group by s.day, s.tool`);
}
