import { boolean, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { CatalogRevisionChange } from '@/lib/impact/revisions';
import { at, counter, eventTime, impactCounters, ownedByProject, segmentKey, utcDay } from './columns';

/**
 * Every change of what a proxy presents, numbered per project (§impact): a favourites write,
 * a change of the surface config (mode, naming, anything else), or a new tools/list of a
 * server already in the catalog. Written in the transaction
 * that makes the change; revision 1 is the project's creation.
 */
export const surfaceRevisions = pgTable(
  'surface_revisions',
  {
    projectId: ownedByProject(),
    revision: integer('revision').notNull(),
    at: at('at').notNull(),
    favouritesVersion: integer('favourites_version').notNull(),
    mode: text('mode').notNull(),
    naming: text('naming').notNull(),
    /** What this revision changed: created, favourites, mode, naming, surface, catalog. */
    changed: jsonb('changed').$type<string[]>().notNull(),
    /** For a catalog change: the servers whose tools it changed, with the catalog version each brought in. */
    catalog: jsonb('catalog').$type<CatalogRevisionChange[]>(),
    via: text('via').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.revision] })],
);

/*
 * The impact rollups, kept in the ingest transaction like the usage rollup (§storage). Model
 * and client are '' when the events named none (they are part of the keys).
 */

/** Calls per UTC day, surface revision, mode, model and client: per-revision totals and the usage breakdowns. */
export const usageDailySegments = pgTable(
  'usage_daily_segments',
  {
    ...segmentKey(),
    day: utcDay(),
    ...impactCounters(),
    unresolvedCalls: counter('unresolved_calls'),
    /** Sessions first seen here: a session counts once, on the UTC day of the first call it arrived with. */
    sessions: integer('sessions').notNull(),
  },
  (t) => [primaryKey({ name: 'usage_daily_segments_pk', columns: [t.projectId, t.day, t.revision, t.mode, t.model, t.client] })],
);

/**
 * One row per session under one revision, mode, model and client: the unit the impact
 * bootstrap resamples. Every column merges batches in any order (sums, least/greatest, and a
 * list of timestamps filtered by the earliest success), so the row is exact however the
 * session's calls arrive.
 */
export const usageSessions = pgTable(
  'usage_sessions',
  {
    ...segmentKey(),
    sessionId: text('session_id').notNull(),
    firstAt: eventTime('first_at').notNull(),
    lastAt: eventTime('last_at').notNull(),
    /** Whether the first call (any of them, if several share the first timestamp) was not ok. */
    firstFailed: boolean('first_failed').notNull(),
    /** The first ok call to a catalog tool; null while there is none. */
    firstSuccessAt: eventTime('first_success_at'),
    /** When each call before that one was made (every call while there is none): its length is the measure. */
    beforeSuccess: eventTime('before_success').array().notNull(),
    ...impactCounters(),
    /** Calls to catalog tools whose arguments were checked (§arguments), and those the check found nothing wrong with. */
    checkedCalls: integer('checked_calls').notNull().default(0),
    wellFormedCalls: integer('well_formed_calls').notNull().default(0),
    /** The first call to a catalog tool; null while there is none. */
    firstToolAt: eventTime('first_tool_at'),
    /**
     * Whether that call was right: checked, well-formed and ok. Null when it was not checked
     * (and while there is none); of several at the first time, right only if all were.
     */
    firstToolRight: boolean('first_tool_right'),
  },
  (t) => [primaryKey({ name: 'usage_sessions_pk', columns: [t.projectId, t.revision, t.mode, t.model, t.client, t.sessionId] })],
);
