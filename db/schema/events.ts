import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { ArgumentProblem, FailureClass } from '@/lib/arguments/classes';

/**
 * Raw tool_call_trace events. No foreign key to projects: an RI check per row costs ingest
 * throughput, and deleting a project removes its events explicitly. `arguments` is never stored (§events); for invoke calls the
 * server/tool they named is kept in the hint columns so the call can be resolved again later.
 */
export const events = pgTable(
  'events',
  {
    projectId: text('project_id').notNull(),
    eventId: text('event_id').notNull(),
    ts: timestamp('ts', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    /** The name as presented to the model. */
    rawName: text('raw_name').notNull(),
    namespace: text('namespace').notNull(),
    /** tool | meta | unresolved */
    kind: text('kind').notNull(),
    /** Canonical `server/tool` when kind = tool; otherwise the raw name. The rollup key. */
    tool: text('tool').notNull(),
    serverHint: text('server_hint'),
    toolHint: text('tool_hint'),
    /** The `server/tool` the proxy said it routed the call to (§events), kept so a later catalog can resolve it. */
    canonicalHint: text('canonical_hint'),
    unresolvedReason: text('unresolved_reason'),
    sessionId: text('session_id'),
    status: text('status').notNull(),
    errorCode: text('error_code'),
    durationMs: integer('duration_ms'),
    model: text('model'),
    client: text('client'),
    /** The name of the project token that sent the event (§policy identities); null from the dashboard or a proxy without one. */
    token: text('token'),
    /** The surface revision and mode the call was made under (§impact): as the event named them, else those in force at its time. */
    surfaceRevision: integer('surface_revision'),
    mode: text('mode'),
    /** The MCP revision the call came over (§events), as its proxy said: `2025-11-25`, `2026-07-28`; null when it did not say. */
    protocolVersion: text('protocol_version'),
    /** An mcp_invoke_tool call naming a server or tool the catalog did not have when it was ingested. */
    offCatalog: boolean('off_catalog').notNull().default(false),
    /** Why the call failed, or `ok` (§arguments); null for events stored before calls were classed. */
    failureClasses: jsonb('failure_classes').$type<FailureClass[]>(),
    /** What its arguments broke, by path and class, never the values; null when they were not checked. */
    argumentProblems: jsonb('argument_problems').$type<Omit<ArgumentProblem, 'expected'>[]>(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.eventId] }),
    index('events_project_ts_idx').on(t.projectId, t.ts),
    index('events_project_session_idx').on(t.projectId, t.sessionId, t.ts).where(sql`${t.sessionId} is not null`),
    index('events_unresolved_idx').on(t.projectId, t.rawName, t.ts).where(sql`${t.kind} = 'unresolved'`),
  ],
);

/**
 * Projects whose calls must be resolved again at the next start, before the app serves: a
 * migration that turns stored calls back into unresolved ones (0014) cannot run the name
 * resolver itself, so it lists the projects here and the start drains the list.
 */
export const reresolvePending = pgTable('reresolve_pending', {
  projectId: text('project_id').primaryKey(),
});
