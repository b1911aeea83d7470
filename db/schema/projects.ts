import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ToolPolicy } from '@/lib/schemas/policy';
import type { SurfaceConfig } from '@/lib/schemas/surface-config';

export const projects = pgTable('projects', {
  /** The slug users type in URLs and YAML (`metadata.name`). */
  id: text('id').primaryKey(),
  description: text('description').notNull().default(''),
  /** Extra discovery/meta tool names counted as `meta` (§names), beyond the built-in ones. */
  metaTools: jsonb('meta_tools').$type<string[]>().notNull().default([]),
  surface: jsonb('surface').$type<SurfaceConfig>().notNull(),
  /** Who may see and call which tools (§policy); every change is a row of policy_changes. */
  policy: jsonb('policy').$type<ToolPolicy>().notNull().default({ default: 'allow', rules: [] }),
  /** 0 until the policy is first changed; then the latest policy_changes version. */
  policyVersion: integer('policy_version').notNull().default(0),
  /** Raw events older than this many days are deleted; the rollup keeps the counts. Null keeps all. */
  retentionDays: integer('retention_days'),
  /**
   * Bumped by every catalog write. Ingest reads it (under a share lock) to pick the cached
   * name resolver, so a catalog change and an ingest never interleave.
   */
  catalogVersion: integer('catalog_version').notNull().default(0),
  /** The surface revision in force (§impact): the latest row of surface_revisions, read by ingest and /surface. */
  surfaceRevision: integer('surface_revision').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Process-independent settings, e.g. the secret that signs admin session cookies. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
