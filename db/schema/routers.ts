import { integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { RoutersConfig } from '@/lib/schemas/routers';
import { at, savedVersionColumns } from './columns';
import { projects } from './projects';

/**
 * The routers in force (§routers), one row per project that has had any: a project without a
 * row has none, at version 0, so nothing is written for a project that never uses them.
 */
export const routerConfigs = pgTable('router_configs', {
  projectId: text('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  config: jsonb('config').$type<RoutersConfig>().notNull(),
  version: integer('version').notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** One row per routers version: the config before and after each change, for the history and undo. */
export const routerChanges = pgTable('router_changes', savedVersionColumns<RoutersConfig>(), (t) => [primaryKey({ columns: [t.projectId, t.version] })]);
