import { pgTable, primaryKey } from 'drizzle-orm/pg-core';
import type { ToolPolicy } from '@/lib/schemas/policy';
import { savedVersionColumns } from './columns';

/** One row per tool-policy version (§policy); the policy in force is on the project row. */
export const policyChanges = pgTable('policy_changes', savedVersionColumns<ToolPolicy>(), (t) => [primaryKey({ columns: [t.projectId, t.version] })]);
