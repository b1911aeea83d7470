import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { UNRESOLVED_REST } from '@/db/schema/usage';
import { queryRows } from '@/db/sql';

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
 * rebuilt from usage_daily, not from the events, for the keys' days only. An unresolved key
 * whose name was counted in its day's rest (schema/usage.ts) recounts that day's rest instead.
 */
export async function rebuildRollup(db: Db, projectId: string, keys: readonly RollupKey[]): Promise<void> {
  if (keys.length === 0) return;
  const all = [...new Map(keys.map((k) => [`${k.day}|${k.kind}|${k.tool}`, k])).values()];
  const days = [...new Set(all.map((k) => k.day))];
  const unresolvedDays = [...new Set(all.filter((k) => k.kind === 'unresolved').map((k) => k.day))];
  // An unresolved name counted in its day's rest has no rows of its own: the rest is recounted below.
  const unique = await withoutRestNames(db, projectId, all);
  const keyJson = JSON.stringify(unique);
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

  await recountUnresolvedRest(db, projectId, unresolvedDays);

  const dayList = sql`(select unnest(${`{${days.join(',')}}`}::date[]))`;
  await db.execute(sql`delete from usage_daily_namespaces where project_id = ${projectId} and day in ${dayList}`);
  await db.execute(sql`
    insert into usage_daily_namespaces (project_id, day, kind, namespace, calls, errors)
    select ${projectId}::text, day, kind, namespace, sum(calls)::int, sum(errors)::int
    from usage_daily where project_id = ${projectId} and day in ${dayList}
    group by day, kind, namespace`);
}

/** The keys less the unresolved names that have no rows of their own that day (they are in its rest). */
async function withoutRestNames(db: Db, projectId: string, keys: readonly RollupKey[]): Promise<RollupKey[]> {
  const unresolved = keys.filter((k) => k.kind === 'unresolved');
  if (unresolved.length === 0) return [...keys];
  const own = await queryRows<{ day: string; tool: string }>(
    db,
    sql`select distinct u.day::text as day, u.tool
        from usage_daily u join jsonb_to_recordset(${JSON.stringify(unresolved)}::jsonb) as k(day date, tool text)
          on u.day = k.day and u.tool = k.tool
        where u.project_id = ${projectId} and u.kind = 'unresolved'`,
  );
  const kept = new Set(own.map((r) => `${r.day}|${r.tool}`));
  return keys.filter((k) => k.kind !== 'unresolved' || kept.has(`${k.day}|${k.tool}`));
}

/**
 * Count again, from the raw events, each day's rest of unresolved names (the calls to names
 * with no rows of their own that day) and its distinct unresolved names. Whole days: a day's
 * raw events are kept or gone together (§storage).
 */
async function recountUnresolvedRest(db: Db, projectId: string, days: readonly string[]): Promise<void> {
  if (days.length === 0) return;
  const dayList = sql`(select unnest(${`{${days.join(',')}}`}::date[]))`;
  // By time range, so an index finds each day's events.
  const dayEvents = sql`unnest(${`{${days.join(',')}}`}::date[]) as w(day)
    join events e on e.project_id = ${projectId} and e.kind = 'unresolved'
      and e.ts >= (w.day::timestamp at time zone 'UTC') and e.ts < ((w.day + 1)::timestamp at time zone 'UTC')`;
  await db.execute(sql`delete from usage_daily
    where project_id = ${projectId} and day in ${dayList} and kind = 'unresolved' and tool = ${UNRESOLVED_REST}`);
  // NOT IN over the few own names hashes them once; a lookup per event would cost a day's flood.
  await db.execute(sql`
    insert into usage_daily (project_id, day, kind, tool, namespace, calls, errors, last_used, last_ok_used)
    select ${projectId}::text, w.day, 'unresolved', ${UNRESOLVED_REST}, e.namespace, count(*),
           count(*) filter (where e.status <> 'ok'), max(e.ts), max(e.ts) filter (where e.status = 'ok')
    from ${dayEvents}
    where (w.day, e.tool) not in (select u.day, u.tool from usage_daily u
                                  where u.project_id = ${projectId} and u.kind = 'unresolved' and u.day in ${dayList})
    group by w.day, e.namespace`);
  await db.execute(sql`
    update usage_unresolved_days d set names = coalesce(c.names, 0)
    from (select w.day, count(distinct e.tool)::int as names from ${sql`unnest(${`{${days.join(',')}}`}::date[]) as w(day)
          left join events e on e.project_id = ${projectId} and e.kind = 'unresolved'
            and e.ts >= (w.day::timestamp at time zone 'UTC') and e.ts < ((w.day + 1)::timestamp at time zone 'UTC')`}
          group by w.day) c
    where d.project_id = ${projectId} and d.day = c.day`);
}
