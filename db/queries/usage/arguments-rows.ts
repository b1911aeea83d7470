import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { queryRows } from '@/db/sql';
import { FAILURE_CLASSES, type FailureClass } from '@/lib/arguments/classes';
import { ARGUMENT_JUDGEMENT } from '../impact/call-counts';
import { type UsageWindow, windowRange } from '@/lib/usage/window';
import { recordOf } from '@/lib/records';

/** One tool (null: calls that named no catalog tool) for one model and client, over the window. */
export interface ArgumentCountsRow {
  tool: string | null;
  model: string | null;
  client: string | null;
  calls: number;
  checked: number;
  wellFormed: number;
  firstCalls: number;
  firstCallRight: number;
  classes: Record<FailureClass, number>;
}

export interface ArgumentFilter {
  model?: string;
  client?: string;
  /** The name of the token that sent the calls (§policy). */
  token?: string;
}

/**
 * The window's calls by tool, model and client, with what the argument check found (§arguments).
 * A call counts as checked only when it has both its problems (argument_problems, [] when fine)
 * and its classes: rows stored before calls were classed say nothing. A session's first call to
 * a tool is its first in the window, whoever made it; it counts where it was made. Meta calls are
 * not calls to a tool, but a router call with an op the router lacks (unknown_op, §routers) failed
 * to reach one; it and the calls that named no tool are one row per model and client.
 */
export async function argumentCountsRows(db: Db, projectId: string, window: UsageWindow, filter: ArgumentFilter = {}): Promise<ArgumentCountsRow[]> {
  const { start, end } = windowRange(window);
  const classColumns = FAILURE_CLASSES.map((c) => sql`count(*) filter (where classes ? ${c})::int as ${sql.identifier(`c_${c}`)}`);
  const rows = await queryRows<Omit<ArgumentCountsRow, 'classes'> & Record<`c_${FailureClass}`, number>>(
    db,
    sql`with w as (
          select case when kind = 'tool' then tool end as tool, model, client, failure_classes as classes, ${ARGUMENT_JUDGEMENT},
                 case when kind = 'tool' and session_id is not null
                      then row_number() over (partition by session_id, kind = 'tool', tool order by ts, event_id) = 1
                      else false end as first
          from events
          where project_id = ${projectId} and ts >= ${start.toISOString()}::timestamptz and ts < ${end.toISOString()}::timestamptz
            and (kind <> 'meta' or failure_classes ? 'unknown_op')
            ${filter.model === undefined ? sql`` : sql`and model = ${filter.model}`}
            ${filter.client === undefined ? sql`` : sql`and client = ${filter.client}`}
            ${filter.token === undefined ? sql`` : sql`and token = ${filter.token}`}
        )
        select tool, model, client,
               count(*)::int as calls,
               count(*) filter (where checked)::int as checked,
               count(*) filter (where well_formed)::int as "wellFormed",
               count(*) filter (where first and checked)::int as "firstCalls",
               count(*) filter (where first and right_call)::int as "firstCallRight",
               ${sql.join(classColumns, sql`, `)}
        from w
        group by tool, model, client
        order by tool nulls last, model nulls last, client nulls last`,
  );
  return rows.map((row) => {
    const classes = recordOf(FAILURE_CLASSES, (c) => row[`c_${c}`]);
    return {
      tool: row.tool,
      model: row.model,
      client: row.client,
      calls: row.calls,
      checked: row.checked,
      wellFormed: row.wellFormed,
      firstCalls: row.firstCalls,
      firstCallRight: row.firstCallRight,
      classes,
    };
  });
}
