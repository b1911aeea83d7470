import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { projects } from './projects';

/** Project tokens for proxies (§auth). Only a hash is stored; the secret is shown once. */
export const projectTokens = pgTable(
  'project_tokens',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The first characters of the token, to recognise it in lists. */
    prefix: text('prefix').notNull(),
    hash: text('hash').notNull().unique(),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    /** The last scope a request with this token was refused for (403), so the dashboard can say what it lacks. */
    refusedScope: text('refused_scope'),
    refusedAt: timestamp('refused_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('project_tokens_project_idx').on(t.projectId),
    // One live token per name in a project, so a name in a list, a rule or an event means one
    // token; a revoked token keeps its name, which a new token may take (the usual rotation).
    uniqueIndex('project_tokens_live_name_idx').on(t.projectId, t.name).where(sql`${t.revokedAt} is null`),
  ],
);
