import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { queryRows } from '@/db/sql';
import { type UsageWindow, windowRange } from '@/lib/usage/window';

/** One identity's calls over the window (§policy): a token (null: sent without one) and a client (null: none named). */
export interface IdentityUsageRow {
  token: string | null;
  client: string | null;
  calls: number;
  errors: number;
  denied: number;
  tools: number;
  lastCallAt: Date;
}

/** The window's calls by token and client, most calls first; `limit` identities at most. */
export async function identityUsageRows(db: Db, projectId: string, window: UsageWindow, limit: number): Promise<IdentityUsageRow[]> {
  const { start, end } = windowRange(window);
  const rows = await queryRows<Omit<IdentityUsageRow, 'lastCallAt'> & { lastCallAt: string | Date }>(
    db,
    sql`select token, client,
               count(*)::int as calls,
               count(*) filter (where status <> 'ok' and status <> 'denied')::int as errors,
               count(*) filter (where status = 'denied')::int as denied,
               count(distinct tool) filter (where kind = 'tool')::int as tools,
               max(ts) as "lastCallAt"
        from events
        where project_id = ${projectId} and ts >= ${start.toISOString()}::timestamptz and ts < ${end.toISOString()}::timestamptz
        group by token, client
        order by calls desc, token nulls last, client nulls last
        limit ${limit}`,
  );
  return rows.map((row) => ({ ...row, lastCallAt: new Date(row.lastCallAt) }));
}
