import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { events } from '@/db/schema';
import type { EventView } from '@/lib/contracts/events';

export interface EventListOptions {
  limit: number;
  /** Page on from an earlier page's `next` cursor: events strictly older than it. */
  before?: { timestamp: string; id: string };
  kind?: 'tool' | 'meta' | 'unresolved';
  sessionId?: string;
}

/** A project's latest events, newest first, with the canonical names they resolved to. */
export async function listEvents(db: Db, projectId: string, options: EventListOptions): Promise<EventView[]> {
  const conditions: SQL[] = [eq(events.projectId, projectId)];
  if (options.kind) conditions.push(eq(events.kind, options.kind));
  if (options.sessionId) conditions.push(eq(events.sessionId, options.sessionId));
  if (options.before) {
    const at = new Date(options.before.timestamp);
    // biome-ignore lint/style/noNonNullAssertion: or() is undefined only when given no conditions; here it has two.
    conditions.push(or(lt(events.ts, at), and(eq(events.ts, at), lt(events.eventId, options.before.id)))!);
  }
  const rows = await db
    .select()
    .from(events)
    .where(and(...conditions))
    .orderBy(desc(events.ts), desc(events.eventId))
    .limit(options.limit);
  return rows.map((r) => ({
    id: r.eventId,
    timestamp: r.ts.toISOString(),
    tool: r.rawName,
    canonical: r.kind === 'tool' ? r.tool : null,
    namespace: r.namespace,
    kind: r.kind,
    unresolvedReason: r.unresolvedReason,
    sessionId: r.sessionId,
    status: r.status,
    errorCode: r.errorCode,
    durationMs: r.durationMs,
    model: r.model,
    client: r.client,
    token: r.token,
    surfaceRevision: r.surfaceRevision,
    mode: r.mode,
    protocolVersion: r.protocolVersion,
    failureClasses: r.failureClasses,
    argumentProblems: r.argumentProblems,
  }));
}
