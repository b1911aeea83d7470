import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';

export interface RollupKey {
  /** UTC day, YYYY-MM-DD */
  day: string;
  kind: string;
  tool: string;
}

/**
 * Recount the rollup rows of the given (day, kind, tool) keys from the raw events. Used when
 * stored events change what they count as (an unresolved name resolved later), so the rollup
 * always equals what the events say. The per-tool and per-namespace projections are then
 * rebuilt from usage_daily, not from the events, for the keys' days only.
 */
export async function rebuildRollup(db: Db, projectId: string, keys: readonly RollupKey[]): Promise<void> {
  if (keys.length === 0) return;
  const unique = [...new Map(keys.map((k) => [`${k.day}|${k.kind}|${k.tool}`, k])).values()];
  const keyJson = JSON.stringify(unique);
  const days = [...new Set(unique.map((k) => k.day))];
  const keysCte = sql`keys as (select * from jsonb_to_recordset(${keyJson}::jsonb) as k(day date, kind text, tool text))`;
  const toolKeysCte = sql`${keysCte}, tool_keys as (select day, tool from keys where kind = 'tool')`;
  const inDay = sql`e.ts >= (k.day::timestamp at time zone 'UTC') and e.ts < ((k.day + 1)::timestamp at time zone 'UTC')`;

  await db.execute(sql`with ${keysCte}
    delete from usage_daily u using keys k
    where u.project_id = ${projectId} and u.day = k.day and u.kind = k.kind and u.tool = k.tool`);
  await db.execute(sql`with ${keysCte}
    insert into usage_daily (project_id, day, kind, tool, namespace, calls, errors, last_used, last_ok_used)
    select ${projectId}::text, (e.ts at time zone 'UTC')::date, e.kind, e.tool, e.namespace, count(*),
           count(*) filter (where e.status <> 'ok'), max(e.ts), max(e.ts) filter (where e.status = 'ok')
    from events e join keys k on e.kind = k.kind and e.tool = k.tool and ${inDay}
    where e.project_id = ${projectId}
    group by 2, 3, 4, 5`);

  await db.execute(sql`with ${toolKeysCte}
    delete from usage_tool_sessions s using tool_keys k
    where s.project_id = ${projectId} and s.day = k.day and s.tool = k.tool`);
  await db.execute(sql`with ${toolKeysCte}
    delete from usage_daily_tools s using tool_keys k
    where s.project_id = ${projectId} and s.day = k.day and s.tool = k.tool`);
  await db.execute(sql`with ${toolKeysCte}
    insert into usage_tool_sessions (project_id, day, tool, session_id, ok)
    select ${projectId}::text, (e.ts at time zone 'UTC')::date, e.tool, e.session_id, bool_or(e.status = 'ok')
    from events e join tool_keys k on e.kind = 'tool' and e.tool = k.tool and ${inDay}
    where e.project_id = ${projectId} and e.session_id is not null
    group by 2, 3, 4`);
  await db.execute(sql`with ${toolKeysCte}
    insert into usage_daily_tools (project_id, day, tool, sessions, sessions_ok, calls, errors, last_used, last_ok_used)
    select ${projectId}::text, u.day, u.tool, coalesce(s.sessions, 0), coalesce(s.sessions_ok, 0),
           u.calls, u.errors, u.last_used, u.last_ok_used
    from (select d.day, d.tool, sum(d.calls)::int as calls, sum(d.errors)::int as errors,
                 max(d.last_used) as last_used, max(d.last_ok_used) as last_ok_used
          from usage_daily d join tool_keys k on d.day = k.day and d.tool = k.tool
          where d.project_id = ${projectId} and d.kind = 'tool'
          group by d.day, d.tool) u
    left join (select s.day, s.tool, count(*)::int as sessions, count(*) filter (where s.ok)::int as sessions_ok
               from usage_tool_sessions s join tool_keys k on s.day = k.day and s.tool = k.tool
               where s.project_id = ${projectId}
               group by s.day, s.tool) s on s.day = u.day and s.tool = u.tool`);

  const dayList = sql`(select unnest(${`{${days.join(',')}}`}::date[]))`;
  await db.execute(sql`delete from usage_daily_namespaces where project_id = ${projectId} and day in ${dayList}`);
  await db.execute(sql`
    insert into usage_daily_namespaces (project_id, day, kind, namespace, calls, errors)
    select ${projectId}::text, day, kind, namespace, sum(calls)::int, sum(errors)::int
    from usage_daily where project_id = ${projectId} and day in ${dayList}
    group by day, kind, namespace`);
}
