import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/errors';
import { fetchToolsList, type McpEndpoint } from '@/lib/mcp/fetch-tools';
import type { CatalogTool } from '@/lib/schemas/catalog';
import type { SyncRegistration } from '@/lib/schemas/catalog-sync';
import type { Db } from '../client';
import { catalogServers, catalogVersions } from '../schema';
import { queryRows } from '../sql';
import { putServerCatalog, serverNotFound, toSyncView, type PutCatalogResult, type SyncView } from './catalog';
import { lockProjectForNameChange, requireProject } from './projects';

/** What started a sync; stored as the catalog version's source, `sync:<trigger>`. */
export type SyncTrigger = 'manual' | 'schedule' | 'list_changed' | 'connect';

export type FetchTools = (endpoint: McpEndpoint) => Promise<CatalogTool[]>;

export interface SyncResult extends PutCatalogResult {
  /** True when a sync that fetched later already stored its list: this one was dropped. */
  superseded: boolean;
  sync: SyncView;
}

type ServerRow = typeof catalogServers.$inferSelect;

async function findServer(db: Db, projectId: string, server: string, lock = false): Promise<ServerRow | undefined> {
  const query = db
    .select()
    .from(catalogServers)
    .where(and(eq(catalogServers.projectId, projectId), eq(catalogServers.name, server)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The database clock: every app process compares sync times on it, never on its own clock. */
async function databaseNow(db: Db): Promise<Date> {
  const [row] = await queryRows<{ ms: number | string }>(db, sql`select (extract(epoch from clock_timestamp()) * 1000)::float8 as ms`);
  if (!row) throw new Error('a select without from returns one row');
  return new Date(Math.floor(Number(row.ms)));
}

function notConfigured(projectId: string, server: string): ApiError {
  return new ApiError('SYNC_NOT_CONFIGURED', `catalog server '${server}' of project '${projectId}' is not synced from a URL`, {
    suggestedAction: `register its Streamable HTTP URL with PUT /api/projects/${projectId}/catalog/${server}/sync`,
    citedRule: '§catalog',
  });
}

export async function getSyncView(db: Db, projectId: string, server: string): Promise<SyncView> {
  await requireProject(db, projectId);
  const row = await findServer(db, projectId, server);
  if (!row) throw serverNotFound(projectId, server);
  const view = toSyncView(row);
  if (!view) throw notConfigured(projectId, server);
  return view;
}

/**
 * Register a server by its Streamable HTTP URL: read its tools/list now and store it, with the
 * URL, headers and interval. Nothing is stored when the server cannot be read.
 */
export async function registerSyncServer(
  db: Db,
  projectId: string,
  server: string,
  input: SyncRegistration,
  fetchTools: FetchTools = fetchToolsList,
): Promise<SyncResult & { created: boolean }> {
  await requireProject(db, projectId);
  const existing = await findServer(db, projectId, server);
  const headers = input.headers ?? (existing?.syncUrl === input.url ? (existing.syncHeaders ?? {}) : {});
  const fetchedAt = await databaseNow(db);
  const tools = await fetchTools({ url: input.url, headers });
  return db.transaction(async (tx) => {
    await lockProjectForNameChange(tx, projectId);
    const before = await findServer(tx, projectId, server, true);
    const put = await putServerCatalog(tx, projectId, server, tools, 'sync:manual');
    const [row] = await tx
      .update(catalogServers)
      .set({
        syncUrl: input.url,
        syncHeaders: headers,
        syncIntervalSeconds: input.intervalSeconds,
        lastSyncAt: sql`now()`,
        lastSyncOkAt: fetchedAt,
        lastSyncError: null,
        nextSyncAt: input.intervalSeconds === null ? null : sql`now() + make_interval(secs => ${input.intervalSeconds})`,
        // A new URL or credentials need a new listener: let whichever process claims it first open one.
        syncListenerId: null,
        syncListenerUntil: null,
      })
      .where(and(eq(catalogServers.projectId, projectId), eq(catalogServers.name, server)))
      .returning();
    if (!row) throw new Error(`putServerCatalog left no row for catalog server '${server}'`);
    return { ...put, superseded: false, created: !before, sync: toSyncView(row)! };
  });
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
  fetchTools: FetchTools = fetchToolsList,
): Promise<SyncResult> {
  const row = await findServer(db, projectId, server);
  if (!row) {
    await requireProject(db, projectId);
    throw serverNotFound(projectId, server);
  }
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
    const current = await findServer(tx, projectId, server, true);
    if (!current || current.syncUrl !== endpoint.url) {
      // Removed or re-registered while we were reading: what we read is not its catalog any more.
      if (!current) throw serverNotFound(projectId, server);
      if (!current.syncUrl) throw notConfigured(projectId, server);
      return superseded(tx, current);
    }
    if (current.lastSyncOkAt && current.lastSyncOkAt >= fetchedAt) return superseded(tx, current);
    const put = await putServerCatalog(tx, projectId, server, tools, `sync:${trigger}`);
    const [updated] = await tx
      .update(catalogServers)
      .set({
        lastSyncAt: sql`now()`,
        lastSyncOkAt: fetchedAt,
        lastSyncError: null,
        nextSyncAt: current.syncIntervalSeconds === null ? null : sql`now() + make_interval(secs => ${current.syncIntervalSeconds})`,
      })
      .where(and(eq(catalogServers.projectId, projectId), eq(catalogServers.name, server)))
      .returning();
    if (!updated) throw new Error(`catalog server '${server}' vanished under its row lock`);
    return { ...put, superseded: false, sync: toSyncView(updated)! };
  });
}

async function superseded(db: Db, row: ServerRow): Promise<SyncResult> {
  const [current] = await db
    .select({ fingerprint: catalogVersions.fingerprint })
    .from(catalogVersions)
    .where(and(eq(catalogVersions.projectId, row.projectId), eq(catalogVersions.server, row.name), eq(catalogVersions.version, row.version)));
  return {
    server: row.name,
    version: row.version,
    fingerprint: current?.fingerprint ?? '',
    changed: false,
    added: [],
    removed: [],
    changedTools: [],
    resolvedCalls: 0,
    superseded: true,
    sync: toSyncView(row)!,
  };
}

/** A failure that started after the last success is the server's state now; an older one is not. */
async function recordSyncFailure(db: Db, projectId: string, server: string, url: string, startedAt: Date, message: string): Promise<void> {
  await db
    .update(catalogServers)
    .set({ lastSyncAt: sql`now()`, lastSyncError: message })
    .where(
      and(
        eq(catalogServers.projectId, projectId),
        eq(catalogServers.name, server),
        eq(catalogServers.syncUrl, url),
        or(isNull(catalogServers.lastSyncOkAt), lt(catalogServers.lastSyncOkAt, startedAt)),
      ),
    );
}

/** Stop syncing a server; its catalog stays as last read. */
export async function unregisterSync(db: Db, projectId: string, server: string): Promise<void> {
  const row = await findServer(db, projectId, server);
  if (!row) {
    await requireProject(db, projectId);
    throw serverNotFound(projectId, server);
  }
  if (!row.syncUrl) throw notConfigured(projectId, server);
  await db
    .update(catalogServers)
    .set({
      syncUrl: null,
      syncHeaders: null,
      syncIntervalSeconds: null,
      lastSyncAt: null,
      lastSyncOkAt: null,
      lastSyncError: null,
      nextSyncAt: null,
      syncListenerId: null,
      syncListenerUntil: null,
    })
    .where(and(eq(catalogServers.projectId, projectId), eq(catalogServers.name, server)));
}

export interface ServerKey {
  projectId: string;
  server: string;
}

/**
 * Take the servers whose scheduled sync is due and move their next time on, in one statement:
 * with several app processes on one database each due server goes to exactly one of them.
 */
export async function claimDueSyncs(db: Db, limit: number): Promise<ServerKey[]> {
  const rows = await queryRows<{ project_id: string; name: string }>(
    db,
    sql`update catalog_servers c
        set next_sync_at = now() + make_interval(secs => c.sync_interval_seconds)
        from (select project_id, name from catalog_servers
              where sync_url is not null and sync_interval_seconds is not null and next_sync_at <= now()
              order by next_sync_at
              limit ${limit}
              for update skip locked) due
        where c.project_id = due.project_id and c.name = due.name
        returning c.project_id, c.name`,
  );
  return rows.map((r) => ({ projectId: r.project_id, server: r.name }));
}

export interface ListenerLease extends ServerKey {
  url: string;
  headers: Record<string, string>;
}

/**
 * Renew this process's listener leases and take the ones no live process holds. The rows
 * returned are the servers this process should keep a session open to; a process that dies
 * loses its leases when they run out, and another takes them over.
 */
export async function claimListenerLeases(db: Db, owner: string, leaseSeconds: number, limit: number): Promise<ListenerLease[]> {
  const rows = await queryRows<{ project_id: string; name: string; sync_url: string; sync_headers: Record<string, string> | string | null }>(
    db,
    sql`update catalog_servers c
        set sync_listener_id = ${owner}, sync_listener_until = now() + make_interval(secs => ${leaseSeconds})
        from (select project_id, name from catalog_servers
              where sync_url is not null
                and (sync_listener_id = ${owner} or sync_listener_until is null or sync_listener_until < now())
              order by project_id, name
              limit ${limit}
              for update) mine
        where c.project_id = mine.project_id and c.name = mine.name
        returning c.project_id, c.name, c.sync_url, c.sync_headers`,
  );
  return rows.map((r) => ({
    projectId: r.project_id,
    server: r.name,
    url: r.sync_url,
    headers: (typeof r.sync_headers === 'string' ? JSON.parse(r.sync_headers) : r.sync_headers) ?? {},
  }));
}

export async function releaseListenerLeases(db: Db, owner: string): Promise<void> {
  await db.update(catalogServers).set({ syncListenerId: null, syncListenerUntil: null }).where(eq(catalogServers.syncListenerId, owner));
}

/** Each catalog server with the URL it is synced from, if any (OTLP spans name servers by address). */
export async function listServerEndpoints(db: Db, projectId: string): Promise<{ name: string; syncUrl: string | null }[]> {
  return db.select({ name: catalogServers.name, syncUrl: catalogServers.syncUrl }).from(catalogServers).where(eq(catalogServers.projectId, projectId));
}
