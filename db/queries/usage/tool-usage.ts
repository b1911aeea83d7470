import { sql } from 'drizzle-orm';
import type { UsageStatus } from '@/lib/schemas/usage';
import type { ToolUsage } from '@/lib/usage/rank';
import type { UsageWindow } from '@/lib/usage/window';
import type { Db } from '@/db/client';
import { queryRows } from '@/db/sql';

/** Each attributed tool's calls, errors, sessions and last use over the window, from the per-tool rollup. */
export async function toolUsage(db: Db, projectId: string, window: UsageWindow, status: UsageStatus): Promise<ToolUsage[]> {
  const ok = status === 'ok';
  const rows = await queryRows<{ tool: string; calls: number; errors: number; sessions: number; last_used: string | null }>(
    db,
    sql`select tool,
               ${ok ? sql`sum(calls - errors)` : sql`sum(calls)`}::float8 as calls,
               ${ok ? sql`0` : sql`sum(errors)`}::float8 as errors,
               ${ok ? sql`sum(sessions_ok)` : sql`sum(sessions)`}::float8 as sessions,
               to_char(max(${ok ? sql`last_ok_used` : sql`last_used`}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_used
        from usage_daily_tools
        where project_id = ${projectId} and day between ${window.from}::date and ${window.to}::date
        group by tool`,
  );
  return rows.map((r) => ({ tool: r.tool, calls: r.calls, errors: r.errors, sessions: r.sessions, lastUsed: r.last_used }));
}
