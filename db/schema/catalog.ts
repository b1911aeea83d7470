import { integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { CatalogTool } from '@/lib/schemas/catalog';
import { at, createdAt, nameList, ownedByProject } from './columns';

export const catalogServers = pgTable(
  'catalog_servers',
  {
    projectId: ownedByProject(),
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
    lastSyncAt: at('last_sync_at'),
    lastSyncError: text('last_sync_error'),
    /**
     * When the freshest stored tools/list was fetched (database clock). A sync whose fetch
     * started earlier than this lost a race and is dropped, so a slow sync never reverts a newer one.
     */
    lastSyncOkAt: at('last_sync_ok_at'),
    /** The scheduler claims a server when this passes (UPDATE … RETURNING, safe across processes). */
    nextSyncAt: at('next_sync_at'),
    /** The app process holding the list_changed listener for this server, and until when (a lease). */
    syncListenerId: text('sync_listener_id'),
    syncListenerUntil: at('sync_listener_until'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.name] })],
);

/** Every distinct `tools/list` a server has had; a changed fingerprint is a new version (§catalog). */
export const catalogVersions = pgTable(
  'catalog_versions',
  {
    projectId: ownedByProject(),
    server: text('server').notNull(),
    version: integer('version').notNull(),
    fingerprint: text('fingerprint').notNull(),
    tools: jsonb('tools').$type<CatalogTool[]>().notNull(),
    added: nameList('added'),
    removed: nameList('removed'),
    changed: nameList('changed'),
    /** How the version arrived: api, sync, cli, demo. */
    source: text('source').notNull().default('api'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.server, t.version] })],
);
