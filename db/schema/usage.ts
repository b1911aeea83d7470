import { date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Daily rollup of events, kept in the ingest transaction (§storage). Usage queries read this,
 * never the raw events. Key: UTC day, kind (tool | meta | unresolved), tool (canonical, or the
 * raw name for meta/unresolved), namespace.
 */
export const usageDaily = pgTable(
  'usage_daily',
  {
    projectId: text('project_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    tool: text('tool').notNull(),
    namespace: text('namespace').notNull(),
    calls: integer('calls').notNull(),
    errors: integer('errors').notNull(),
    lastUsed: timestamp('last_used', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    lastOkUsed: timestamp('last_ok_used', { withTimezone: true, mode: 'date', precision: 3 }),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.day, t.kind, t.tool, t.namespace] })],
);

/**
 * Distinct sessions per attributed tool and day. A session that uses a tool on two UTC days
 * counts once per day; distinct counts over a window would need the raw events.
 */
export const usageDailySessions = pgTable(
  'usage_daily_sessions',
  {
    projectId: text('project_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    tool: text('tool').notNull(),
    sessions: integer('sessions').notNull(),
    sessionsOk: integer('sessions_ok').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.day, t.tool] })],
);

/** Which (day, tool, session) pairs the counters above already hold; scope is 'all' or 'ok'. */
export const usageSessionSeen = pgTable(
  'usage_session_seen',
  {
    projectId: text('project_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    tool: text('tool').notNull(),
    sessionId: text('session_id').notNull(),
    scope: text('scope').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.day, t.tool, t.sessionId, t.scope] })],
);
