import { sql } from 'drizzle-orm';
import type { UsageStatus } from '@/lib/schemas/usage';
import { windowRange, type UsageWindow } from '@/lib/usage/window';
import type { Db } from '@/db/client';
import { queryRows } from '@/db/sql';

export interface UnresolvedName {
  /** The name as presented, which nothing could resolve. */
  name: string;
  calls: number;
  lastUsed: string;
  /** Why the latest such call in the window did not resolve; null once its raw events are past retention. */
  reason: string | null;
}

/**
 * The window's unresolved names, most called first, with the reason of the latest call
 * (§names). Counts come from the rollup; only the reason is read from the raw events, one
 * indexed lookup per name.
 */
export async function unresolvedNames(db: Db, projectId: string, window: UsageWindow, status: UsageStatus, limit = 100): Promise<UnresolvedName[]> {
  const ok = status === 'ok';
  const { start, end } = windowRange(window);
  return queryRows<UnresolvedName>(
    db,
    sql`select u.name, u.calls,
               to_char(u.last_used at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "lastUsed",
               (select e.unresolved_reason from events e
                where e.project_id = ${projectId} and e.kind = 'unresolved' and e.raw_name = u.name
                  and e.ts >= ${start.toISOString()}::timestamptz and e.ts < ${end.toISOString()}::timestamptz
                order by e.ts desc limit 1) as reason
        from (select tool as name, ${ok ? sql`sum(calls - errors)` : sql`sum(calls)`}::float8 as calls,
                     max(${ok ? sql`last_ok_used` : sql`last_used`}) as last_used
              from usage_daily
              where project_id = ${projectId} and kind = 'unresolved'
                and day between ${window.from}::date and ${window.to}::date
              group by tool) u
        where u.calls > 0
        order by u.calls desc, u.name
        limit ${limit}`,
  );
}
