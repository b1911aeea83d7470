import { boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { FavouriteIndex } from '@/lib/schemas/favourites';
import { at, nameList, savedVersionColumns } from './columns';
import { projects } from './projects';

/** The favourites in force now, one row per project (§favourites). */
export const favouriteIndexes = pgTable('favourite_indexes', {
  projectId: text('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(true),
  maxFavourites: integer('max_favourites').notNull().default(15),
  tools: nameList('tools'),
  version: integer('version').notNull().default(1),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * One row per favourites version. Also the source for resolving `favourite/…` names: the
 * version in force at an event's timestamp is the latest row changed at or before it.
 */
export const favouriteChanges = pgTable('favourite_changes', savedVersionColumns<FavouriteIndex>(), (t) => [primaryKey({ columns: [t.projectId, t.version] })]);
