import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { counter, eventTime, projectKey, utcDay } from './columns';

/*
 * The usage rollup, kept in the ingest transaction (§storage). Usage queries read these
 * tables, never the raw events. Days are UTC days. Three shapes, because one shape cannot
 * serve every question fast at tens of millions of events:
 *   usage_daily             day × kind × tool × namespace: the full detail; the other two are
 *                           projections of it (rollup.ts rebuilds them from it)
 *   usage_daily_tools       day × attributed tool: what the ranking reads (one row per tool and day)
 *   usage_tool_sessions     day × tool × session: the dedupe behind the per-day session counts
 *   usage_daily_namespaces  day × kind × namespace: what the totals and the daily chart read
 *
 * Unresolved names are chosen by whoever sends events, so one project could make usage_daily
 * as large as its events. Each UTC day keeps its first UNRESOLVED_NAMES_PER_DAY distinct
 * unresolved names under their own rows; every later name of that day counts in the day's
 * rest (tool UNRESOLVED_REST), one row per namespace, and usage_unresolved_days counts the
 * day's distinct names, so the rest can say how many names it holds (§usage).
 */

/** The `tool` of a day's rest of unresolved names: no event name is empty. */
export const UNRESOLVED_REST = '';

/** Key: UTC day, kind (tool | meta | unresolved), tool (canonical, or the raw name for meta/unresolved), namespace. */
export const usageDaily = pgTable(
  'usage_daily',
  {
    projectId: projectKey(),
    day: utcDay(),
    kind: text('kind').notNull(),
    tool: text('tool').notNull(),
    namespace: text('namespace').notNull(),
    calls: counter('calls'),
    errors: counter('errors'),
    lastUsed: eventTime('last_used').notNull(),
    lastOkUsed: eventTime('last_ok_used'),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.day, t.kind, t.tool, t.namespace] }),
    // Unresolved and meta names are few (at most UNRESOLVED_NAMES_PER_DAY a day): the unresolved
    // panel reads them without the tool rows, and ingest asks whether a name has its own row.
    index('usage_daily_unattributed_idx').on(t.projectId, t.kind, t.day, t.tool).where(sql`${t.kind} <> 'tool'`),
  ],
);

/**
 * Distinct unresolved names per UTC day, counted when a name is first called that day: those
 * with their own usage_daily rows plus those counted in the day's rest.
 */
export const usageUnresolvedDays = pgTable(
  'usage_unresolved_days',
  {
    projectId: projectKey(),
    day: utcDay(),
    names: counter('names'),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.day] })],
);

/**
 * Per attributed tool and UTC day: calls, errors, last use, and distinct sessions. The ranking
 * reads only this table (one narrow row per tool and day). A session that uses a tool on two
 * UTC days counts once per day; distinct counts over a window would need the raw events.
 */
export const usageDailyTools = pgTable(
  'usage_daily_tools',
  {
    projectId: projectKey(),
    day: utcDay(),
    tool: text('tool').notNull(),
    sessions: counter('sessions'),
    sessionsOk: counter('sessions_ok'),
    calls: counter('calls').default(0),
    errors: counter('errors').default(0),
    lastUsed: eventTime('last_used'),
    lastOkUsed: eventTime('last_ok_used'),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.day, t.tool] })],
);

/** Calls per UTC day, kind and presented namespace (favourite, all, typed …): totals and the daily chart. */
export const usageDailyNamespaces = pgTable(
  'usage_daily_namespaces',
  {
    projectId: projectKey(),
    day: utcDay(),
    kind: text('kind').notNull(),
    namespace: text('namespace').notNull(),
    calls: counter('calls'),
    errors: counter('errors'),
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
    projectId: projectKey(),
    day: utcDay(),
    tool: text('tool').notNull(),
    sessionId: text('session_id').notNull(),
    ok: boolean('ok').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.day, t.tool, t.sessionId] })],
);
