import { sql } from 'drizzle-orm';
import { windowRange, type UsageWindow } from '@/lib/usage/window';
import type { Db } from '@/db/client';
import { queryRows } from '@/db/sql';

/**
 * Each attributed tool's calls over the window that a proxy refused by the tool policy (status
 * `denied`, §policy). The rollup counts them as calls that failed; the ranking takes them out of
 * use. Read from the raw events over the window's range of the (project, time) index: only the
 * suggestions ask, and a refusal past the events' retention is no longer told apart.
 */
export async function toolRefusals(db: Db, projectId: string, window: UsageWindow): Promise<Map<string, number>> {
  const { start, end } = windowRange(window);
  const rows = await queryRows<{ tool: string; refusals: number }>(
    db,
    sql`select tool, count(*)::int as refusals
        from events
        where project_id = ${projectId} and ts >= ${start.toISOString()}::timestamptz and ts < ${end.toISOString()}::timestamptz
          and kind = 'tool' and status = 'denied'
        group by tool`,
  );
  return new Map(rows.map((r) => [r.tool, r.refusals]));
}
