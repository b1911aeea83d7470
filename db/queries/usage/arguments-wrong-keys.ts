import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { queryRows } from '@/db/sql';
import { type UsageWindow, windowRange } from '@/lib/usage/window';
import type { ArgumentFilter } from './arguments-rows';

export interface WrongKeyRow {
  tool: string;
  key: string;
  suggestion: string | null;
  model: string | null;
  calls: number;
}

/**
 * The keys models sent that their tool does not declare (problems of class unexpected_param),
 * with the key each most likely stood for, by tool, key, suggestion and model: the `perTool`
 * most sent of each tool, most calls first (§arguments). A call that sent the key twice in
 * different places counts once per path.
 */
export async function wrongKeyRows(db: Db, projectId: string, window: UsageWindow, perTool: number, filter: ArgumentFilter = {}): Promise<WrongKeyRow[]> {
  const { start, end } = windowRange(window);
  return queryRows<WrongKeyRow>(
    db,
    sql`select tool, key, suggestion, model, calls from (
          select e.tool, p->>'path' as key, p->>'suggestion' as suggestion, e.model, count(*)::int as calls,
                 row_number() over (partition by e.tool order by count(*) desc, p->>'path', e.model nulls last, p->>'suggestion' nulls last) as n
          from events e cross join lateral jsonb_array_elements(e.argument_problems) p
          where e.project_id = ${projectId} and e.ts >= ${start.toISOString()}::timestamptz and e.ts < ${end.toISOString()}::timestamptz
            and e.kind = 'tool' and jsonb_typeof(e.argument_problems) = 'array' and p->>'class' = 'unexpected_param'
            ${filter.model === undefined ? sql`` : sql`and e.model = ${filter.model}`}
            ${filter.client === undefined ? sql`` : sql`and e.client = ${filter.client}`}
            ${filter.token === undefined ? sql`` : sql`and e.token = ${filter.token}`}
          group by e.tool, p->>'path', p->>'suggestion', e.model
        ) k
        where n <= ${perTool}
        order by calls desc, tool, key, model nulls last`,
  );
}
