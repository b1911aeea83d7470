import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { CatalogTool } from '@/lib/schemas/catalog';
import { projects } from './projects';

export const catalogServers = pgTable(
  'catalog_servers',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Catalog order: servers are presented in this order (§surface). */
    position: integer('position').notNull(),
    /** The catalog version currently in force for this server (row in catalog_versions). */
    version: integer('version').notNull(),
    /** Live sync over Streamable HTTP (issue: integrations); null for pushed catalogs. */
    syncUrl: text('sync_url'),
    syncHeaders: jsonb('sync_headers').$type<Record<string, string>>(),
    syncIntervalSeconds: integer('sync_interval_seconds'),
    /** When the last sync attempt ended, and its error (null when it succeeded). */
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true, mode: 'date' }),
    lastSyncError: text('last_sync_error'),
    /**
     * When the freshest stored tools/list was fetched (database clock). A sync whose fetch
     * started earlier than this lost a race and is dropped, so a slow sync never reverts a newer one.
     */
    lastSyncOkAt: timestamp('last_sync_ok_at', { withTimezone: true, mode: 'date' }),
    /** The scheduler claims a server when this passes (UPDATE … RETURNING, safe across processes). */
    nextSyncAt: timestamp('next_sync_at', { withTimezone: true, mode: 'date' }),
    /** The app process holding the list_changed listener for this server, and until when (a lease). */
    syncListenerId: text('sync_listener_id'),
    syncListenerUntil: timestamp('sync_listener_until', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.name] })],
);

/** Every distinct `tools/list` a server has had; a changed fingerprint is a new version (§catalog). */
export const catalogVersions = pgTable(
  'catalog_versions',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    server: text('server').notNull(),
    version: integer('version').notNull(),
    fingerprint: text('fingerprint').notNull(),
    tools: jsonb('tools').$type<CatalogTool[]>().notNull(),
    added: jsonb('added').$type<string[]>().notNull().default([]),
    removed: jsonb('removed').$type<string[]>().notNull().default([]),
    changed: jsonb('changed').$type<string[]>().notNull().default([]),
    /** How the version arrived: api, sync, cli, demo. */
    source: text('source').notNull().default('api'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.server, t.version] })],
);
