import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { catalogServers, catalogVersions } from '@/db/schema';
import { firstOrNull, queryRows } from '@/db/sql';
import type { SyncRegistration } from '@/lib/schemas/catalog-sync';

export type CatalogServerRow = typeof catalogServers.$inferSelect;

export async function findCatalogServer(db: Db, projectId: string, server: string, lock = false): Promise<CatalogServerRow | null> {
  const query = db
    .select()
    .from(catalogServers)
    .where(and(eq(catalogServers.projectId, projectId), eq(catalogServers.name, server)));
  return firstOrNull(lock ? query.for('update') : query);
}

/** The database clock: every app process compares sync times on it, never on its own clock. */
export async function databaseNow(db: Db): Promise<Date> {
  const [row] = await queryRows<{ ms: number | string }>(db, sql`select (extract(epoch from clock_timestamp()) * 1000)::float8 as ms`);
  if (!row) throw new Error('a select without from returns one row');
  return new Date(Math.floor(Number(row.ms)));
}

/** Store a server's sync registration after a successful first read. */
export async function saveSyncRegistration(
  db: Db,
  key: { projectId: string; server: string },
  input: SyncRegistration & { headers: Record<string, string> },
  fetchedAt: Date,
): Promise<CatalogServerRow | null> {
  return firstOrNull(
    db
      .update(catalogServers)
      .set({
        syncUrl: input.url,
        syncHeaders: input.headers,
        syncIntervalSeconds: input.intervalSeconds,
        lastSyncAt: sql`now()`,
        lastSyncOkAt: fetchedAt,
        lastSyncError: null,
        nextSyncAt: input.intervalSeconds === null ? null : sql`now() + make_interval(secs => ${input.intervalSeconds})`,
        // A new URL or credentials need a new listener: let whichever process claims it first open one.
        syncListenerId: null,
        syncListenerUntil: null,
      })
      .where(and(eq(catalogServers.projectId, key.projectId), eq(catalogServers.name, key.server)))
      .returning(),
  );
}

/** A successful sync: when its list was fetched, and when the next one is due. */
export async function recordSyncSuccess(db: Db, row: CatalogServerRow, fetchedAt: Date): Promise<CatalogServerRow | null> {
  const [updated] = await db
    .update(catalogServers)
    .set({
      lastSyncAt: sql`now()`,
      lastSyncOkAt: fetchedAt,
      lastSyncError: null,
      nextSyncAt: row.syncIntervalSeconds === null ? null : sql`now() + make_interval(secs => ${row.syncIntervalSeconds})`,
    })
    .where(and(eq(catalogServers.projectId, row.projectId), eq(catalogServers.name, row.name)))
    .returning();
  return updated ?? null;
}

/** A failure that started after the last success is the server's state now; an older one is not. */
export async function recordSyncFailure(db: Db, projectId: string, server: string, url: string, startedAt: Date, message: string): Promise<void> {
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

/** Forget a server's sync registration; its catalog stays. */
export async function clearSyncRegistration(db: Db, projectId: string, server: string): Promise<void> {
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

/** The fingerprint of the version a server is at. */
export async function versionFingerprint(db: Db, row: CatalogServerRow): Promise<string> {
  const [current] = await db
    .select({ fingerprint: catalogVersions.fingerprint })
    .from(catalogVersions)
    .where(and(eq(catalogVersions.projectId, row.projectId), eq(catalogVersions.server, row.name), eq(catalogVersions.version, row.version)));
  return current?.fingerprint ?? '';
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
