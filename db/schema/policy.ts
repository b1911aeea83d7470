import { integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { ToolPolicy } from '@/lib/schemas/policy';
import { at, ownedByProject } from './columns';

/** One row per tool-policy version (§policy); the policy in force is on the project row. */
export const policyChanges = pgTable(
  'policy_changes',
  {
    projectId: ownedByProject(),
    version: integer('version').notNull(),
    changedAt: at('changed_at').notNull().defaultNow(),
    via: text('via').notNull(),
    before: jsonb('before').$type<ToolPolicy | null>(),
    after: jsonb('after').$type<ToolPolicy>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.version] })],
);
