import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { queryRows } from '@/db/sql';
import { ARGUMENT_CLASS_LIST, ARGUMENT_COUNTS, ARGUMENT_JUDGEMENT, mergeFirstToolRight } from './impact/call-counts';

/**
 * The failure classes of a call that now resolves (§arguments), as failureClassesOf gives them:
 * the proxy's word that the name was unknown stands; else the classes of its stored problems,
 * in ARGUMENT_CLASSES order; else the status. Its arguments are not stored, so nothing new is checked.
 */
const RESOLVED_FAILURE_CLASSES = sql.raw(`case
  when lower(e.error_code) = 'unknown_server' then '["invented_server"]'::jsonb
  when lower(e.error_code) = 'unknown_tool' then '["invented_tool"]'::jsonb
  when jsonb_typeof(e.argument_problems) = 'array' and jsonb_array_length(e.argument_problems) > 0 then (
    select jsonb_agg(c order by array_position(${ARGUMENT_CLASS_LIST}, c))
    from (select distinct p->>'class' as c from jsonb_array_elements(e.argument_problems) p) classes)
  when e.status = 'error' then '["server_error"]'::jsonb
  else '["ok"]'::jsonb end`);

/** Unresolved calls that share a name and hints, with the span of time they were made in. */
export interface UnresolvedGroup {
  rawName: string;
  serverHint: string | null;
  toolHint: string | null;
  canonicalHint: string | null;
  first: number;
  last: number;
  /** How many calls the group holds. */
  calls: number;
  /** The reason its calls carry, when they all carry the same one. */
  reason: string | null;
}

export async function unresolvedGroups(db: Db, projectId: string): Promise<UnresolvedGroup[]> {
  const rows = await queryRows<{
    raw_name: string;
    server_hint: string | null;
    tool_hint: string | null;
    canonical_hint: string | null;
    first_ts: string;
    last_ts: string;
    calls: number;
    reason: string | null;
  }>(
    db,
    sql`select raw_name, server_hint, tool_hint, canonical_hint,
               to_char(min(ts) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as first_ts,
               to_char(max(ts) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_ts,
               count(*)::int as calls,
               case when count(distinct unresolved_reason) = 1 and count(unresolved_reason) = count(*) then min(unresolved_reason) end as reason
        from events where project_id = ${projectId} and kind = 'unresolved'
        group by raw_name, server_hint, tool_hint, canonical_hint`,
  );
  return rows.map((r) => ({
    rawName: r.raw_name,
    serverHint: r.server_hint,
    toolHint: r.tool_hint,
    canonicalHint: r.canonical_hint,
    first: Date.parse(r.first_ts),
    last: Date.parse(r.last_ts),
    calls: r.calls,
    reason: r.reason,
  }));
}

/** The events of one group made in [from, to). */
function groupEvents(projectId: string, group: UnresolvedGroup, from: number, to: number): SQL {
  return sql`project_id = ${projectId} and kind = 'unresolved' and raw_name = ${group.rawName}
    and server_hint is not distinct from ${group.serverHint}::text and tool_hint is not distinct from ${group.toolHint}::text
    and canonical_hint is not distinct from ${group.canonicalHint}::text
    and ts >= ${new Date(from).toISOString()}::timestamptz and ts < ${new Date(to).toISOString()}::timestamptz`;
}

/** Why the events of one group made in [from, to) still do not resolve. */
export interface UnresolvedReason {
  group: UnresolvedGroup;
  from: number;
  to: number;
  reason: string;
}

/** Statements per reason update: a project may have as many groups as it has unresolved calls. */
const REASONS_PER_STATEMENT = 2_000;

/**
 * Record why these events still do not resolve, many groups per statement; events whose
 * reason is already that one are left as they are, so a catalog upload that changes no
 * reason writes nothing.
 */
export async function setUnresolvedReasons(db: Db, projectId: string, reasons: readonly UnresolvedReason[]): Promise<void> {
  for (let start = 0; start < reasons.length; start += REASONS_PER_STATEMENT) {
    const chunk = reasons.slice(start, start + REASONS_PER_STATEMENT).map(({ group, from, to, reason }) => ({
      r: group.rawName,
      sh: group.serverHint,
      th: group.toolHint,
      ch: group.canonicalHint,
      f: new Date(from).toISOString(),
      t: new Date(to).toISOString(),
      why: reason,
    }));
    await db.execute(sql`
      update events e set unresolved_reason = x.why
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as x(r text, sh text, th text, ch text, f timestamptz, t timestamptz, why text)
      where e.project_id = ${projectId} and e.kind = 'unresolved' and e.raw_name = x.r
        and e.server_hint is not distinct from x.sh and e.tool_hint is not distinct from x.th
        and e.canonical_hint is not distinct from x.ch and e.ts >= x.f and e.ts < x.t
        and e.unresolved_reason is distinct from x.why`);
  }
}

/**
 * Store what these events now resolve to; returns how many changed on each UTC day. The impact
 * rollup (schema/impact.ts) moves with them in the same statement: a call that turned into a
 * meta or favourite call counts as one, and one that turned into an ok tool call may be its
 * session's first success; one that turned into a tool call counts in the argument figures
 * (checked, well-formed, first tool call), which count tool calls only. Every other figure of
 * a session depends on no name.
 */
export async function resolveEvents(
  db: Db,
  projectId: string,
  group: UnresolvedGroup,
  span: { from: number; to: number },
  to: { kind: string; tool: string; namespace: string },
): Promise<{ day: string; n: number }[]> {
  const toFavourite = to.namespace === 'favourite' ? 1 : 0;
  const toMeta = to.kind === 'meta' ? 1 : 0;
  const toTool = to.kind === 'tool';
  return queryRows<{ day: string; n: number }>(
    db,
    sql`with old as (
          select event_id, namespace as old_namespace from events where ${groupEvents(projectId, group, span.from, span.to)}
        ),
        moved as (
          update events e set kind = ${to.kind}, tool = ${to.tool}, namespace = ${to.namespace}, unresolved_reason = null,
                              failure_classes = ${RESOLVED_FAILURE_CLASSES}
          from old o
          where e.project_id = ${projectId} and e.event_id = o.event_id
          returning (e.ts at time zone 'UTC')::date as day, e.ts, e.status, e.session_id, e.surface_revision as revision, e.mode,
                    coalesce(e.model, '') as model, coalesce(e.client, '') as client, o.old_namespace,
                    e.kind, e.argument_problems, e.failure_classes
        ),
        judged as (select *, ${ARGUMENT_JUDGEMENT} from moved),
        segments as (
          update usage_daily_segments s set
            favourite_calls = s.favourite_calls + d.favourite_delta,
            meta_calls = s.meta_calls + d.meta_delta,
            unresolved_calls = s.unresolved_calls - d.n
          from (select day, revision, mode, model, client, count(*)::int as n,
                       (${toFavourite} * count(*) - count(*) filter (where old_namespace = 'favourite'))::int as favourite_delta,
                       (${toMeta} * count(*))::int as meta_delta
                from moved group by day, revision, mode, model, client) d
          where s.project_id = ${projectId} and s.day = d.day and s.revision = d.revision and s.mode = d.mode
            and s.model = d.model and s.client = d.client
        ),
        sessions as (
          update usage_sessions s set
            favourite_calls = s.favourite_calls + d.favourite_delta,
            meta_calls = s.meta_calls + d.meta_delta,
            first_success_at = least(s.first_success_at, d.first_success_at),
            before_success = array(
              select u from unnest(s.before_success) u
              where least(s.first_success_at, d.first_success_at) is null or u < least(s.first_success_at, d.first_success_at)),
            checked_calls = s.checked_calls + d.checked_calls,
            well_formed_calls = s.well_formed_calls + d.well_formed_calls,
            first_tool_right = ${mergeFirstToolRight('s', 'd')},
            first_tool_at = least(s.first_tool_at, d.first_tool_at)
          from (select revision, mode, model, client, session_id,
                       (${toFavourite} * count(*) - count(*) filter (where old_namespace = 'favourite'))::int as favourite_delta,
                       (${toMeta} * count(*))::int as meta_delta,
                       min(ts) filter (where ${toTool} and status = 'ok') as first_success_at, ${ARGUMENT_COUNTS}
                from judged where session_id is not null group by revision, mode, model, client, session_id) d
          where s.project_id = ${projectId} and s.revision = d.revision and s.mode = d.mode and s.model = d.model
            and s.client = d.client and s.session_id = d.session_id
        )
        select day::text as day, count(*)::int as n from moved group by day`,
  );
}
