import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { queryRows } from '@/db/sql';
import type { SegmentUsage } from '@/lib/usage/breakdown';
import type { UsageWindow } from '@/lib/usage/window';

/** Calls over the window by model and by client, from the per-day segment rollup ('' = none named). */
export async function segmentUsage(db: Db, projectId: string, window: UsageWindow): Promise<SegmentUsage[]> {
  return queryRows<SegmentUsage>(
    db,
    sql`select case when grouping(model) = 0 then 'model' else 'client' end as dimension,
               coalesce(model, client) as name,
               sum(calls)::float8 as calls, sum(errors)::float8 as errors, sum(sessions)::float8 as sessions,
               sum(favourite_calls)::float8 as "favouriteCalls", sum(meta_calls)::float8 as "metaCalls",
               sum(unresolved_calls)::float8 as "unresolvedCalls"
        from usage_daily_segments
        where project_id = ${projectId} and day between ${window.from}::date and ${window.to}::date
        group by grouping sets ((model), (client))`,
  );
}
