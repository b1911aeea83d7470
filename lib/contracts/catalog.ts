import { z } from 'zod';
import { count, isoDateTime } from './shared';

const jsonObject = z.record(z.string(), z.unknown());

/** One tool of a server's tools/list, as stored: the fields favindex keeps. */
export const catalogToolSchema = z.object({
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  inputSchema: jsonObject,
  outputSchema: jsonObject.optional(),
  annotations: jsonObject.optional(),
});
export type CatalogTool = z.infer<typeof catalogToolSchema>;

/** How a server's catalog is read live over Streamable HTTP; header values only ever masked. */
export const syncViewSchema = z.object({
  url: z.string().describe('The URL, a password in it masked.'),
  headers: z.record(z.string(), z.string()).describe('Header names with masked values ("Bearer ••••••").'),
  intervalSeconds: count.nullable().describe('Null: synced only on demand and on list_changed.'),
  lastSyncAt: isoDateTime.nullable().describe('When the last attempt ended; lastError is null when it succeeded.'),
  lastError: z.string().nullable(),
  lastSyncOkAt: isoDateTime.nullable().describe('When the tool list now stored was fetched.'),
  nextSyncAt: isoDateTime.nullable(),
});
export type SyncView = z.infer<typeof syncViewSchema>;

/** One catalog server with its current tools (GET /api/projects/{id}/catalog/{server}). */
export const catalogServerViewSchema = z.object({
  name: z.string(),
  position: count,
  version: count,
  fingerprint: z.string(),
  toolCount: count,
  updatedAt: isoDateTime.describe('When the version in force was stored.'),
  tools: z.array(catalogToolSchema),
  sync: syncViewSchema.nullable().describe('The live-sync registration; null when the server is uploaded, not synced.'),
});
export type CatalogServerView = z.infer<typeof catalogServerViewSchema>;

/** GET /api/projects/{id}/catalog: the servers in order. */
export const catalogResponseSchema = z.object({
  project: z.string(),
  toolCount: count,
  servers: z.array(catalogServerViewSchema),
});
export type CatalogResponse = z.infer<typeof catalogResponseSchema>;

/** PUT /api/projects/{id}/catalog/{server}: what the upload changed. */
export const putCatalogResultSchema = z.object({
  server: z.string(),
  version: count,
  fingerprint: z.string(),
  changed: z.boolean().describe('False when the tools/list was identical to the version in force: nothing was written.'),
  added: z.array(z.string()),
  removed: z.array(z.string()),
  changedTools: z.array(z.string()),
  resolvedCalls: count.describe('Unresolved calls that this catalog made resolvable.'),
});
export type PutCatalogResult = z.infer<typeof putCatalogResultSchema>;

export const catalogVersionViewSchema = z.object({
  version: count,
  fingerprint: z.string(),
  toolCount: count,
  added: z.array(z.string()),
  removed: z.array(z.string()),
  changed: z.array(z.string()),
  source: z.string().describe('What stored it: api (an upload), demo, or sync:<trigger> (manual, schedule, list_changed, connect).'),
  createdAt: isoDateTime,
});
export type CatalogVersionView = z.infer<typeof catalogVersionViewSchema>;

/** GET /api/projects/{id}/catalog/{server}/versions: newest first. */
export const catalogVersionsResponseSchema = z.object({
  server: z.string(),
  versions: z.array(catalogVersionViewSchema),
});
export type CatalogVersionsResponse = z.infer<typeof catalogVersionsResponseSchema>;
