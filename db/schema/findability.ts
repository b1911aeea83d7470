import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { TestQuery } from '@/lib/contracts/findability';
import { at } from './columns';
import { projects } from './projects';

/** The test queries a project keeps for findability (§surface), in the order the user keeps them; one row per project that has any. */
export const findabilityTestQueries = pgTable('findability_test_queries', {
  projectId: text('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  queries: jsonb('queries').$type<TestQuery[]>().notNull().default([]),
  updatedAt: at('updated_at').notNull().defaultNow(),
});
