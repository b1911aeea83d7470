import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { queryRows } from '@/db/sql';

/** Unresolved calls that share a name and hints, with the span of time they were made in. */
export interface UnresolvedGroup {
  rawName: string;
  serverHint: string | null;
  toolHint: string | null;
  first: number;
  last: number;
}

export async function unresolvedGroups(db: Db, projectId: string): Promise<UnresolvedGroup[]> {
  const rows = await queryRows<{ raw_name: string; server_hint: string | null; tool_hint: string | null; first_ts: string; last_ts: string }>(
    db,
    sql`select raw_name, server_hint, tool_hint,
               to_char(min(ts) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as first_ts,
               to_char(max(ts) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_ts
        from events where project_id = ${projectId} and kind = 'unresolved'
        group by raw_name, server_hint, tool_hint`,
  );
  return rows.map((r) => ({
    rawName: r.raw_name,
    serverHint: r.server_hint,
    toolHint: r.tool_hint,
    first: Date.parse(r.first_ts),
    last: Date.parse(r.last_ts),
  }));
}

/** The events of one group made in [from, to). */
function groupEvents(projectId: string, group: UnresolvedGroup, from: number, to: number): SQL {
  return sql`project_id = ${projectId} and kind = 'unresolved' and raw_name = ${group.rawName}
    and server_hint is not distinct from ${group.serverHint}::text and tool_hint is not distinct from ${group.toolHint}::text
    and ts >= ${new Date(from).toISOString()}::timestamptz and ts < ${new Date(to).toISOString()}::timestamptz`;
}

/** Record why these events still do not resolve; returns how many there are. */
export async function setUnresolvedReason(db: Db, projectId: string, group: UnresolvedGroup, from: number, to: number, reason: string): Promise<number> {
  const [counted] = await queryRows<{ n: number }>(
    db,
    sql`with u as (update events set unresolved_reason = ${reason} where ${groupEvents(projectId, group, from, to)} returning 1) select count(*)::int as n from u`,
  );
  if (!counted) throw new Error('an aggregate without group by returns one row');
  return counted.n;
}

/** Store what these events now resolve to; returns how many changed on each UTC day. */
export async function resolveEvents(
  db: Db,
  projectId: string,
  group: UnresolvedGroup,
  span: { from: number; to: number },
  to: { kind: string; tool: string; namespace: string },
): Promise<{ day: string; n: number }[]> {
  return queryRows<{ day: string; n: number }>(
    db,
    sql`with u as (
          update events set kind = ${to.kind}, tool = ${to.tool}, namespace = ${to.namespace}, unresolved_reason = null
          where ${groupEvents(projectId, group, span.from, span.to)}
          returning (ts at time zone 'UTC')::date::text as day)
        select day, count(*)::int as n from u group by day`,
  );
}
