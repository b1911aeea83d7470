import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { events } from '@/db/schema';
import { queryRows } from '@/db/sql';
import type { RecordedCall } from '@/lib/contracts/preview';
import type { SessionSummary } from '@/lib/contracts/sessions';
export type { SessionSummary } from '@/lib/contracts/sessions';
export type { RecordedCall } from '@/lib/contracts/preview';

/** How many of the latest events to look through for recent sessions: bounded work at any table size. */
const RECENT_EVENTS_SCANNED = 20_000;

/** The most recently active sessions of a project, newest first, for the replay picker. */
export async function listRecentSessions(db: Db, projectId: string, limit: number): Promise<SessionSummary[]> {
  const rows = await queryRows<{
    session_id: string;
    calls: number;
    tool_calls: number;
    first_at: Date | string;
    last_at: Date | string;
    client: string | null;
    model: string | null;
  }>(
    db,
    sql`with recent as (
          select session_id, ts from events
          where project_id = ${projectId} and session_id is not null
          order by ts desc limit ${RECENT_EVENTS_SCANNED}
        ), picked as (
          select session_id, max(ts) as last_ts from recent group by session_id order by last_ts desc limit ${limit}
        )
        select p.session_id, s.calls, s.tool_calls, s.first_at, s.last_at, s.client, s.model
        from picked p cross join lateral (
          select count(*)::int as calls, (count(*) filter (where e.kind = 'tool'))::int as tool_calls,
                 min(e.ts) as first_at, max(e.ts) as last_at, max(e.client) as client, max(e.model) as model
          from events e where e.project_id = ${projectId} and e.session_id = p.session_id
        ) s
        order by p.last_ts desc, p.session_id`,
  );
  return rows.map((r) => ({
    id: r.session_id,
    calls: Number(r.calls),
    toolCalls: Number(r.tool_calls),
    firstAt: new Date(r.first_at).toISOString(),
    lastAt: new Date(r.last_at).toISOString(),
    client: r.client,
    model: r.model,
  }));
}

export const MAX_REPLAYED_CALLS = 1_000;

/** A recorded session's calls in the order they happened (at most MAX_REPLAYED_CALLS); no calls when it has none. */
export async function listSessionCalls(db: Db, projectId: string, sessionId: string): Promise<{ calls: RecordedCall[]; truncated: boolean }> {
  const rows = await db
    .select({ id: events.eventId, ts: events.ts, rawName: events.rawName, kind: events.kind, tool: events.tool })
    .from(events)
    .where(and(eq(events.projectId, projectId), eq(events.sessionId, sessionId)))
    .orderBy(asc(events.ts), asc(events.eventId))
    .limit(MAX_REPLAYED_CALLS + 1);
  return {
    calls: rows.slice(0, MAX_REPLAYED_CALLS).map((r) => ({
      id: r.id,
      timestamp: r.ts.toISOString(),
      tool: r.rawName,
      canonical: r.kind === 'tool' ? r.tool : null,
      kind: r.kind,
    })),
    truncated: rows.length > MAX_REPLAYED_CALLS,
  };
}
