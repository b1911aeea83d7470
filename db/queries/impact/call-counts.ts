import { type SQL, sql } from 'drizzle-orm';
import { ARGUMENT_CLASSES } from '@/lib/arguments/classes';

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

/** ARGUMENT_CLASSES as an SQL text[] literal, in their order: for `?|` and array_position. */
export const ARGUMENT_CLASS_LIST = `array[${ARGUMENT_CLASSES.map((c) => `'${c}'`).join(', ')}]`;

/**
 * What the argument check said of each event (§arguments), for the impact rollups and the usage read alike:
 * checked when it has both its problems and its classes, well-formed when no class is an
 * argument one, right when also ok. Reads argument_problems and failure_classes.
 */
export const ARGUMENT_JUDGEMENT = sql.raw(
  [
    '(argument_problems is not null and failure_classes is not null) as checked',
    `(argument_problems is not null and failure_classes is not null and not failure_classes ?| ${ARGUMENT_CLASS_LIST}) as well_formed`,
    `(argument_problems is not null and failure_classes is not null and not failure_classes ?| ${ARGUMENT_CLASS_LIST} and failure_classes @> '["ok"]') as right_call`,
  ].join(', '),
);

/**
 * checked_calls, well_formed_calls, first_tool_at, first_tool_right of a session, from rows
 * with ARGUMENT_JUDGEMENT's columns and kind and ts. Only calls to catalog tools count. Of the
 * first tool calls, the least of (wrong 0, unchecked 1, right 2) wins: three-valued `and`,
 * so ties merge the same in any order; a plain min, no sort per session.
 */
export const ARGUMENT_COUNTS = sql.raw(
  [
    "count(*) filter (where kind = 'tool' and checked) as checked_calls",
    "count(*) filter (where kind = 'tool' and well_formed) as well_formed_calls",
    "min(ts) filter (where kind = 'tool') as first_tool_at",
    `case (min(array[extract(epoch from ts)::float8, case when right_call then 2 when checked then 0 else 1 end]) filter (where kind = 'tool'))[2]
       when 2 then true when 0 then false end as first_tool_right`,
  ].join(', '),
);

/**
 * first_tool_right when a session's stored row (alias `stored`) meets more of its calls (alias
 * `more`): the earlier first tool call wins, and at a tie right only if both were (unchecked,
 * null, stays unknown unless the other was wrong).
 */
export function mergeFirstToolRight(stored: string, more: string): SQL {
  return sql.raw(`case
    when ${stored}.first_tool_at is null or ${more}.first_tool_at < ${stored}.first_tool_at then ${more}.first_tool_right
    when ${more}.first_tool_at is null or ${more}.first_tool_at > ${stored}.first_tool_at then ${stored}.first_tool_right
    else ${stored}.first_tool_right and ${more}.first_tool_right end`);
}
