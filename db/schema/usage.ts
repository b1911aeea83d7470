import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/*
 * The usage rollup, kept in the ingest transaction (§storage). Usage queries read these
 * tables, never the raw events. Days are UTC days. Three shapes, because one shape cannot
 * serve every question fast at tens of millions of events:
 *   usage_daily             day × kind × tool × namespace: the full detail; the other two are
 *                           projections of it (rollup.ts rebuilds them from it)
 *   usage_daily_tools       day × attributed tool: what the ranking reads (one row per tool and day)
 *   usage_tool_sessions     day × tool × session: the dedupe behind the per-day session counts
 *   usage_daily_namespaces  day × kind × namespace: what the totals and the daily chart read
 */

/** Key: UTC day, kind (tool | meta | unresolved), tool (canonical, or the raw name for meta/unresolved), namespace. */
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
  (t) => [
    primaryKey({ columns: [t.projectId, t.day, t.kind, t.tool, t.namespace] }),
    // Unresolved and meta names are few: the unresolved panel reads them without the tool rows.
    index('usage_daily_unattributed_idx').on(t.projectId, t.kind, t.day).where(sql`${t.kind} <> 'tool'`),
  ],
);

/**
 * Per attributed tool and UTC day: calls, errors, last use, and distinct sessions. The ranking
 * reads only this table (one narrow row per tool and day). A session that uses a tool on two
 * UTC days counts once per day; distinct counts over a window would need the raw events.
 */
export const usageDailyTools = pgTable(
  'usage_daily_tools',
  {
    projectId: text('project_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    tool: text('tool').notNull(),
    sessions: integer('sessions').notNull(),
    sessionsOk: integer('sessions_ok').notNull(),
    calls: integer('calls').notNull().default(0),
    errors: integer('errors').notNull().default(0),
    lastUsed: timestamp('last_used', { withTimezone: true, mode: 'date', precision: 3 }),
    lastOkUsed: timestamp('last_ok_used', { withTimezone: true, mode: 'date', precision: 3 }),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.day, t.tool] })],
);

/** Calls per UTC day, kind and presented namespace (favourite, all, typed …): totals and the daily chart. */
export const usageDailyNamespaces = pgTable(
  'usage_daily_namespaces',
  {
    projectId: text('project_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    namespace: text('namespace').notNull(),
    calls: integer('calls').notNull(),
    errors: integer('errors').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.day, t.kind, t.namespace] })],
);

/**
 * Which sessions used which attributed tool on which UTC day, and whether one of those calls
 * was ok: the dedupe behind the per-day session counters. One row per (day, tool, session).
 */
export const usageToolSessions = pgTable(
  'usage_tool_sessions',
  {
    projectId: text('project_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    tool: text('tool').notNull(),
    sessionId: text('session_id').notNull(),
    ok: boolean('ok').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.day, t.tool, t.sessionId] })],
);
