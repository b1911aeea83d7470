import { sql } from 'drizzle-orm';
import { resolveCall, storedCall, type NameContext } from '@/lib/names/resolve';
import type { Db } from '../client';
import { queryRows } from '../sql';
import { buildNameContext } from './name-context';
import { rebuildRollup, type RollupKey } from './rollup';

interface UnresolvedGroup {
  raw_name: string;
  server_hint: string | null;
  tool_hint: string | null;
  first_ts: string;
  last_ts: string;
}

export interface ReresolveResult {
  /** Events that now resolve (to a tool or a meta tool). */
  resolved: number;
  stillUnresolved: number;
}

/**
 * Resolve a project's unresolved calls again after its catalog, favourites or meta tools
 * changed, and move their counts into the right rollup rows (§names). Run inside the
 * transaction that made the change, after the change, with the project row locked.
 */
export async function reresolveProject(db: Db, projectId: string, metaTools: readonly string[]): Promise<ReresolveResult> {
  const groups = await queryRows<UnresolvedGroup>(
    db,
    sql`select raw_name, server_hint, tool_hint,
               to_char(min(ts) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as first_ts,
               to_char(max(ts) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_ts
        from events where project_id = ${projectId} and kind = 'unresolved'
        group by raw_name, server_hint, tool_hint`,
  );
  if (groups.length === 0) return { resolved: 0, stillUnresolved: 0 };
  const context = await buildNameContext(db, projectId, metaTools);
  const keys: RollupKey[] = [];
  let resolved = 0;
  let stillUnresolved = 0;
  for (const group of groups) {
    const dependsOnTime = group.raw_name.startsWith('favourite/') || Boolean(group.tool_hint?.startsWith('favourite/'));
    const first = Date.parse(group.first_ts);
    const last = Date.parse(group.last_ts);
    for (const period of periodsSpanning(context, first, last, dependsOnTime)) {
      const resolution = resolveCall(
        storedCall({ rawName: group.raw_name, serverHint: group.server_hint, toolHint: group.tool_hint, timestamp: period.at }),
        context,
      );
      const range = sql`ts >= ${new Date(period.from).toISOString()}::timestamptz and ts < ${new Date(period.to).toISOString()}::timestamptz`;
      const match = sql`project_id = ${projectId} and kind = 'unresolved' and raw_name = ${group.raw_name}
        and server_hint is not distinct from ${group.server_hint}::text and tool_hint is not distinct from ${group.tool_hint}::text
        and ${range}`;
      if (resolution.kind === 'unresolved') {
        const [counted] = await queryRows<{ n: number }>(
          db,
          sql`with u as (update events set unresolved_reason = ${resolution.reason} where ${match} returning 1) select count(*)::int as n from u`,
        );
        if (!counted) throw new Error('an aggregate without group by returns one row');
        stillUnresolved += counted.n;
        continue;
      }
      const tool = resolution.kind === 'tool' ? resolution.canonical : group.raw_name;
      const days = await queryRows<{ day: string; n: number }>(
        db,
        sql`with u as (
              update events set kind = ${resolution.kind}, tool = ${tool}, namespace = ${resolution.namespace},
                     unresolved_reason = null
              where ${match}
              returning (ts at time zone 'UTC')::date::text as day)
            select day, count(*)::int as n from u group by day`,
      );
      for (const { day, n } of days) {
        resolved += n;
        keys.push({ day, kind: 'unresolved', tool: group.raw_name }, { day, kind: resolution.kind, tool });
      }
    }
  }
  await rebuildRollup(db, projectId, keys);
  return { resolved, stillUnresolved };
}

/**
 * Only `favourite/…` names depend on when they were called. Every other name resolves the
 * same at any time, so one pass over the whole span does; favourites take one pass per
 * favourites version that was in force during the span.
 */
function periodsSpanning(context: NameContext, first: number, last: number, dependsOnTime: boolean): { from: number; to: number; at: number }[] {
  const whole = [{ from: first, to: last + 1, at: first }];
  if (!dependsOnTime) return whole;
  const periods = context.favourites.periods().filter((p) => p.to > first && p.from <= last);
  if (periods.length <= 1) return whole;
  return periods.map((p) => {
    const from = Math.max(p.from, first);
    return { from, to: Math.min(p.to, last + 1), at: from };
  });
}
