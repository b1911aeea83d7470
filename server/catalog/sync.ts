import type { Db } from '@/db/client';
import {
  type CatalogServerRow,
  clearSyncRegistration,
  databaseNow,
  findCatalogServer,
  recordSyncFailure,
  recordSyncSuccess,
  saveSyncRegistration,
  versionFingerprint,
} from '@/db/queries/catalog-sync';
import { toSyncView } from '@/lib/catalog/views';
import type { SyncView } from '@/lib/contracts/catalog';
import { ApiError } from '@/lib/errors';
import type { CatalogTool } from '@/lib/schemas/catalog';
import type { SyncRegistration } from '@/lib/schemas/catalog-sync';
import type { AppContext } from '@/server/app-context';
import { lockProjectForNameChange, requireProject } from '@/server/projects/project-locks';
import { serverNotFound } from './catalog';
import { putServerCatalog, requireRoomForServer } from './put-catalog';
import { type FetchTools, fetchSyncedTools } from './sync-policy';
import type { SyncResult } from '@/lib/contracts/catalog-sync';
export type { SyncResult } from '@/lib/contracts/catalog-sync';

/** What started a sync; stored as the catalog version's source, `sync:<trigger>`. */
export type SyncTrigger = 'manual' | 'schedule' | 'list_changed' | 'connect';

function notConfigured(projectId: string, server: string): ApiError {
  return new ApiError('SYNC_NOT_CONFIGURED', `catalog server '${server}' of project '${projectId}' is not synced from a URL`, {
    suggestedAction: `register its Streamable HTTP URL with PUT /api/projects/${projectId}/catalog/${server}/sync`,
    citedRule: '§catalog',
  });
}

/** The server's row, or the right 404: no such project, or no such server. */
async function requireServer(db: Db, projectId: string, server: string): Promise<CatalogServerRow> {
  const row = await findCatalogServer(db, projectId, server);
  if (row) return row;
  await requireProject(db, projectId);
  throw serverNotFound(projectId, server);
}

function syncViewOf(row: CatalogServerRow): SyncView {
  const view = toSyncView(row);
  if (!view) throw notConfigured(row.projectId, row.name);
  return view;
}

export async function getSyncView(db: Db, projectId: string, server: string): Promise<SyncView> {
  await requireProject(db, projectId);
  return syncViewOf(await requireServer(db, projectId, server));
}

/**
 * Register a server by its Streamable HTTP URL: read its tools/list now and store it, with the
 * URL, headers and interval. Nothing is stored when the server cannot be read.
 */
export async function registerSyncServer(
  app: AppContext,
  projectId: string,
  server: string,
  input: SyncRegistration,
  fetchTools: FetchTools = fetchSyncedTools,
): Promise<SyncResult & { created: boolean }> {
  const { db } = app;
  await requireProject(db, projectId);
  const existing = await findCatalogServer(db, projectId, server);
  // A full catalog is refused before favindex connects anywhere; the write checks again under the lock.
  if (!existing) await requireRoomForServer(db, projectId, server);
  const headers = input.headers ?? (existing?.syncUrl === input.url ? (existing.syncHeaders ?? {}) : {});
  const fetchedAt = await databaseNow(db);
  const tools = await fetchTools({ url: input.url, headers });
  const result = await db.transaction(async (tx) => {
    await lockProjectForNameChange(tx, projectId);
    const before = await findCatalogServer(tx, projectId, server, true);
    const put = await putServerCatalog(tx, projectId, server, tools, 'sync:manual');
    const row = await saveSyncRegistration(tx, { projectId, server }, { ...input, headers }, fetchedAt);
    if (!row) throw new Error(`putServerCatalog left no row for catalog server '${server}'`);
    return { ...put, superseded: false, created: !before, sync: syncViewOf(row) };
  });
  app.catalogSync.poke();
  return result;
}

/**
 * Read a registered server's tools/list and store it as a new catalog version when it changed.
 * A failure is recorded on the server (last error) and thrown as the §errors envelope.
 */
export async function syncServerNow(
  db: Db,
  projectId: string,
  server: string,
  trigger: SyncTrigger,
  fetchTools: FetchTools = fetchSyncedTools,
): Promise<SyncResult> {
  const row = await requireServer(db, projectId, server);
  if (!row.syncUrl) throw notConfigured(projectId, server);
  const endpoint = { url: row.syncUrl, headers: row.syncHeaders ?? {} };
  const fetchedAt = await databaseNow(db);
  let tools: CatalogTool[];
  try {
    tools = await fetchTools(endpoint);
  } catch (err) {
    if (err instanceof ApiError) await recordSyncFailure(db, projectId, server, endpoint.url, fetchedAt, err.message);
    throw err;
  }
  return db.transaction(async (tx) => {
    await lockProjectForNameChange(tx, projectId);
    const current = await findCatalogServer(tx, projectId, server, true);
    if (!current) throw serverNotFound(projectId, server);
    if (!current.syncUrl) throw notConfigured(projectId, server);
    // Re-registered while we were reading, or a sync that fetched later stored first: what we read is not its catalog any more.
    if (current.syncUrl !== endpoint.url || (current.lastSyncOkAt && current.lastSyncOkAt >= fetchedAt)) return superseded(tx, current);
    const put = await putServerCatalog(tx, projectId, server, tools, `sync:${trigger}`);
    const updated = await recordSyncSuccess(tx, current, fetchedAt);
    if (!updated) throw new Error(`catalog server '${server}' vanished under its row lock`);
    return { ...put, superseded: false, sync: syncViewOf(updated) };
  });
}

async function superseded(db: Db, row: CatalogServerRow): Promise<SyncResult> {
  return {
    server: row.name,
    version: row.version,
    fingerprint: await versionFingerprint(db, row),
    changed: false,
    added: [],
    removed: [],
    changedTools: [],
    resolvedCalls: 0,
    superseded: true,
    sync: syncViewOf(row),
  };
}

/** Stop syncing a server; its catalog stays as last read. */
export async function unregisterSync(app: AppContext, projectId: string, server: string): Promise<void> {
  const row = await requireServer(app.db, projectId, server);
  if (!row.syncUrl) throw notConfigured(projectId, server);
  await clearSyncRegistration(app.db, projectId, server);
  app.catalogSync.poke();
}
