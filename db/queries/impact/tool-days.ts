import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { queryRows } from '@/db/sql';
import type { PinnedVersion, ToolDay } from '@/lib/impact/backtest';

/** Each attributed tool's calls, sessions and last use per UTC day over [from, to], from the per-tool rollup. */
export async function toolDays(db: Db, projectId: string, from: string, to: string): Promise<ToolDay[]> {
  return queryRows<ToolDay>(
    db,
    sql`select day::text as day, tool, calls, sessions,
               to_char(last_used at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "lastUsed"
        from usage_daily_tools
        where project_id = ${projectId} and day between ${from}::date and ${to}::date and calls > 0`,
  );
}

/** The first UTC day on or before `to` with an attributed call, or null: where the data starts. */
export async function firstCallDay(db: Db, projectId: string, to: string): Promise<string | null> {
  const [row] = await queryRows<{ day: string | null }>(
    db,
    sql`select min(day)::text as day from usage_daily_tools where project_id = ${projectId} and day <= ${to}::date and calls > 0`,
  );
  return row?.day ?? null;
}

/** Every favourites version with when it took effect and whether favourites were on. */
export async function pinnedHistory(db: Db, projectId: string): Promise<PinnedVersion[]> {
  const rows = await queryRows<{ version: number; since: number; tools: string[]; enabled: boolean }>(
    db,
    sql`select version, (extract(epoch from changed_at) * 1000)::float8 as since, after->'tools' as tools,
               coalesce((after->>'enabled')::boolean, true) as enabled
        from favourite_changes where project_id = ${projectId} order by version`,
  );
  return rows;
}
