import { sql } from 'drizzle-orm';

/*
 * What an impact rollup row counts of a group of events (the impactCounters of
 * schema/impact.ts), written once for ingest, which keeps the rollups batch by batch, and for
 * the recount from raw events that they must equal. Reads the events' own columns: status,
 * namespace, kind and off_catalog.
 */

/** calls, errors, favourite_calls, meta_calls, off_catalog_calls: the counters of a session and of a day segment. */
export const CALL_COUNTS = sql.raw(
  [
    'count(*) as calls',
    "count(*) filter (where status <> 'ok') as errors",
    "count(*) filter (where namespace = 'favourite') as favourite_calls",
    "count(*) filter (where kind = 'meta') as meta_calls",
    'count(*) filter (where off_catalog) as off_catalog_calls',
  ].join(', '),
);

/** A day segment also counts the calls no catalog name resolved. */
export const UNRESOLVED_CALLS = sql.raw("count(*) filter (where kind = 'unresolved') as unresolved_calls");

/** The segment counters in the order CALL_COUNTS, UNRESOLVED_CALLS and the session count give them. */
export const SEGMENT_COUNTER_COLUMNS = sql.raw('calls, errors, favourite_calls, meta_calls, off_catalog_calls, unresolved_calls, sessions');
