import { sql } from 'drizzle-orm';
import type { UsageWindow } from '@/lib/usage/window';
import type { Db } from '@/db/client';
import { queryRows } from '@/db/sql';

export interface ProjectDayCalls {
  projectId: string;
  day: string;
  calls: number;
}

/** Every project's calls per day over the window (days without calls are absent). */
export async function projectDailyCalls(db: Db, window: UsageWindow): Promise<ProjectDayCalls[]> {
  return queryRows<ProjectDayCalls>(
    db,
    sql`select project_id as "projectId", day::text as day, sum(calls)::float8 as calls
        from usage_daily_namespaces
        where day between ${window.from}::date and ${window.to}::date
        group by project_id, day`,
  );
}
