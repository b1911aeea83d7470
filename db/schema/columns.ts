import { date, integer, jsonb, text, timestamp } from 'drizzle-orm/pg-core';
import { projects } from './projects';

/*
 * Column shapes used across the schema, so each table says what a column is, not how it is
 * spelled in drizzle. Each is a function: a drizzle column builder belongs to one table.
 */

/** The owning project: its rows go when it goes. */
export const ownedByProject = () =>
  text('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' });

/** A project id in a rollup or event table, which keeps no foreign key (an RI check per row costs ingest). */
export const projectKey = () => text('project_id').notNull();

/** A UTC day of a rollup key. */
export const utcDay = () => date('day', { mode: 'string' }).notNull();

/** A point in time to the second's fraction the database keeps (server-side stamps). */
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A point in time to the millisecond, as events carry it. */
export const eventTime = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

/** When the row was written. */
export const createdAt = () => at('created_at').notNull().defaultNow();

/** A counter of a rollup row. */
export const counter = (name: string) => integer(name).notNull();

/** A list of names kept as JSON, empty by default. */
export const nameList = (name: string) => jsonb(name).$type<string[]>().notNull().default([]);

/** The key of an impact rollup row: under which revision, mode, model and client the calls were made. */
export const segmentKey = () => ({
  projectId: projectKey(),
  revision: integer('revision').notNull(),
  mode: text('mode').notNull(),
  model: text('model').notNull(),
  client: text('client').notNull(),
});

/** The counters every impact rollup row keeps. */
export const impactCounters = () => ({
  calls: counter('calls'),
  errors: counter('errors'),
  favouriteCalls: counter('favourite_calls'),
  metaCalls: counter('meta_calls'),
  offCatalogCalls: counter('off_catalog_calls'),
});

/** The columns of a setting's history (favourites, policy): one row per saved version, the setting before and after it. */
export const savedVersionColumns = <Setting>() => ({
  projectId: ownedByProject(),
  version: integer('version').notNull(),
  changedAt: at('changed_at').notNull().defaultNow(),
  via: text('via').notNull(),
  before: jsonb('before').$type<Setting | null>(),
  after: jsonb('after').$type<Setting>().notNull(),
});
