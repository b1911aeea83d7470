import { sql } from 'drizzle-orm';
import type { UsageStatus } from '@/lib/schemas/usage';
import { windowRange, type UsageWindow } from '@/lib/usage/window';
import type { Db } from '@/db/client';
import { UNRESOLVED_REST } from '@/db/schema/usage';
import { queryRows } from '@/db/sql';

export interface UnresolvedName {
  /** The name as presented, which nothing could resolve. */
  name: string;
  calls: number;
  lastUsed: string;
  /** Why the latest such call in the window did not resolve; null once its raw events are past retention. */
  reason: string | null;
}

export interface UnresolvedNames {
  /** The most called names with rows of their own, at most `limit`. */
  listed: UnresolvedName[];
  /** Names with rows of their own in the window (with calls of this status), listed or not. */
  ownNames: number;
  /** Names counted in a day's rest, summed over the window's days (a name counts once per day). */
  restNames: number;
}

/**
 * The window's unresolved names, most called first, with the reason of the latest call
 * (§names). Counts come from the rollup; only the reason is read from the raw events, one
 * lookup per listed name in the unresolved index (the window as a range of (name, time), so
 * no plan walks the window's events instead). A day keeps at most UNRESOLVED_NAMES_PER_DAY names of its
 * own (schema/usage.ts), so this reads that many rows per day at most, however many names
 * were sent.
 */
export async function unresolvedNames(db: Db, projectId: string, window: UsageWindow, status: UsageStatus, limit = 100): Promise<UnresolvedNames> {
  const ok = status === 'ok';
  const { start, end } = windowRange(window);
  const inWindow = sql`project_id = ${projectId} and kind = 'unresolved' and day between ${window.from}::date and ${window.to}::date`;
  const rows = await queryRows<UnresolvedName & { own_names: number }>(
    db,
    sql`select u.name, u.calls,
               to_char(u.last_used at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "lastUsed",
               (select e.unresolved_reason from events e
                where e.project_id = ${projectId} and e.kind = 'unresolved' and e.raw_name = u.name
                  and (e.raw_name, e.ts) >= (u.name, ${start.toISOString()}::timestamptz)
                  and (e.raw_name, e.ts) < (u.name, ${end.toISOString()}::timestamptz)
                order by e.raw_name desc, e.ts desc limit 1) as reason,
               count(*) over ()::int as own_names
        from (select tool as name, ${ok ? sql`sum(calls - errors)` : sql`sum(calls)`}::float8 as calls,
                     max(${ok ? sql`last_ok_used` : sql`last_used`}) as last_used
              from usage_daily
              where ${inWindow} and tool <> ${UNRESOLVED_REST}
              group by tool) u
        where u.calls > 0
        order by u.calls desc, u.name
        limit ${limit}`,
  );
  const [rest] = await queryRows<{ names: number }>(
    db,
    sql`select coalesce(sum(greatest(0, d.names - coalesce(o.names, 0))), 0)::int as names
        from usage_unresolved_days d
        left join (select day, count(distinct tool)::int as names from usage_daily
                   where ${inWindow} and tool <> ${UNRESOLVED_REST} group by day) o on o.day = d.day
        where d.project_id = ${projectId} and d.day between ${window.from}::date and ${window.to}::date`,
  );
  return {
    listed: rows.map(({ own_names: _, ...name }) => name),
    ownNames: rows[0]?.own_names ?? 0,
    restNames: rest?.names ?? 0,
  };
}
