import { sql } from 'drizzle-orm';
import type { UsageStatus } from '@/lib/schemas/usage';
import type { NamespaceDayCalls } from '@/lib/usage/series';
import type { UsageWindow } from '@/lib/usage/window';
import type { Db } from '@/db/client';
import { queryRows } from '@/db/sql';

/** Calls per day, kind and presented namespace over the window: the totals and the daily chart. */
export async function namespaceDays(db: Db, projectId: string, window: UsageWindow, status: UsageStatus): Promise<NamespaceDayCalls[]> {
  return queryRows<NamespaceDayCalls>(
    db,
    sql`select day::text as day, kind, namespace, ${status === 'ok' ? sql`calls - errors` : sql`calls`} as calls
        from usage_daily_namespaces
        where project_id = ${projectId} and day between ${window.from}::date and ${window.to}::date`,
  );
}
