import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { queryRows } from '@/db/sql';
import type { ReachSession } from '@/lib/impact/reach';

export interface ReachWindow {
  revision: number;
  from: Date;
  to: Date;
  /** Sessions first seen before this have lost their events to the retention; null when none has. */
  since: Date | null;
}

function sessionsOf(projectId: string, window: ReachWindow) {
  const from = window.since && window.since > window.from ? window.since : window.from;
  return sql`from usage_sessions s
    where s.project_id = ${projectId} and s.revision = ${window.revision}
      and s.first_at >= ${from.toISOString()}::timestamptz and s.first_at < ${window.to.toISOString()}::timestamptz`;
}

/** The sessions of a revision that started in the window (and whose events are kept), per client: what a reach sample stands for. */
export async function reachPopulation(db: Db, projectId: string, window: ReachWindow): Promise<Map<string, number>> {
  const rows = await queryRows<{ client: string; sessions: number }>(
    db,
    sql`select s.client, count(*)::int as sessions ${sessionsOf(projectId, window)} group by s.client`,
  );
  return new Map(rows.map((r) => [r.client, r.sessions]));
}

/**
 * A seeded sample of those sessions and the catalog tools each called, by canonical name (a
 * name resolved later is read as resolved: the events are). Per client, sessions in the order
 * of a hash of their id and the seed, up to its quota of sessions and until their calls pass
 * its quota of calls; then only the sampled sessions' events, through events_project_session_idx,
 * so the events read are bounded by the quotas, not by the project's size.
 */
/*
 * Every comparison here is of ids and names, never of words: "C" ordering spares the database's
 * locale-aware string comparison, the bulk of the query's time on a database in a UTF-8 locale.
 */
export function reachSampleSql(
  projectId: string,
  window: ReachWindow,
  quotas: readonly { client: string; sessions: number; calls: number }[],
  seed: number,
): SQL {
  return sql`with quota as (
          select q->>'client' as client, (q->>'sessions')::int as sessions, (q->>'calls')::int as calls
          from jsonb_array_elements(${JSON.stringify(quotas)}::jsonb) q
        ), ranked as (
          select s.session_id, s.mode, s.model, s.client,
                 row_number() over w as n, sum(s.calls) over w - s.calls as calls_before
          ${sessionsOf(projectId, window)}
          window w as (partition by s.client order by md5(s.session_id || ${String(seed)}) collate "C", s.session_id collate "C", s.mode collate "C", s.model collate "C")
        )
        select r.client, t.tools
        from ranked r
        join quota q on q.client = r.client and r.n <= q.sessions and r.calls_before < q.calls
        cross join lateral (
          select array_agg(distinct e.tool collate "C") filter (where e.kind = 'tool') as tools
          from events e
          where e.project_id = ${projectId} and e.session_id is not null and e.session_id = r.session_id
            and e.surface_revision = ${window.revision} and e.mode = r.mode
            and coalesce(e.model, '') = r.model and coalesce(e.client, '') = r.client
        ) t`;
}

export async function reachSample(
  db: Db,
  projectId: string,
  window: ReachWindow,
  quotas: readonly { client: string; sessions: number; calls: number }[],
  seed: number,
): Promise<ReachSession[]> {
  if (quotas.length === 0) return [];
  const rows = await queryRows<{ client: string; tools: string[] | null }>(db, reachSampleSql(projectId, window, quotas, seed));
  return rows.map((r) => ({ client: r.client, tools: r.tools ?? [] }));
}
