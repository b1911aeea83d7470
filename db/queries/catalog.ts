import { and, asc, desc, eq, max, sql } from 'drizzle-orm';
import { catalogFingerprint, diffCatalog } from '@/lib/catalog/fingerprint';
import { ApiError } from '@/lib/errors';
import type { CatalogTool } from '@/lib/schemas/catalog';
import { displayUrl, maskHeaders } from '@/lib/schemas/catalog-sync';
import type { Db } from '../client';
import { catalogServers, catalogVersions } from '../schema';
import { bumpCatalogVersion, lockProjectForNameChange } from './projects';
import { reresolveProject } from './reresolve';

export interface CatalogServerView {
  name: string;
  position: number;
  version: number;
  fingerprint: string;
  toolCount: number;
  updatedAt: string;
  tools: CatalogTool[];
  sync: SyncView | null;
}

/** How a server's catalog is read live over Streamable HTTP; header values only ever masked. */
export interface SyncView {
  url: string;
  headers: Record<string, string>;
  intervalSeconds: number | null;
  /** When the last attempt ended; `lastError` is null when it succeeded. */
  lastSyncAt: string | null;
  lastError: string | null;
  /** When the tool list now stored was fetched. */
  lastSyncOkAt: string | null;
  nextSyncAt: string | null;
}

export function toSyncView(row: typeof catalogServers.$inferSelect): SyncView | null {
  if (!row.syncUrl) return null;
  return {
    url: displayUrl(row.syncUrl),
    headers: maskHeaders(row.syncHeaders),
    intervalSeconds: row.syncIntervalSeconds,
    lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
    lastError: row.lastSyncError,
    lastSyncOkAt: row.lastSyncOkAt?.toISOString() ?? null,
    nextSyncAt: row.nextSyncAt?.toISOString() ?? null,
  };
}

/** The current catalog of a project: its servers in order, each with its tools (§catalog). */
export async function getCatalog(db: Db, projectId: string): Promise<CatalogServerView[]> {
  const rows = await db
    .select({ server: catalogServers, current: catalogVersions })
    .from(catalogServers)
    .innerJoin(
      catalogVersions,
      and(
        eq(catalogVersions.projectId, catalogServers.projectId),
        eq(catalogVersions.server, catalogServers.name),
        eq(catalogVersions.version, catalogServers.version),
      ),
    )
    .where(eq(catalogServers.projectId, projectId))
    .orderBy(asc(catalogServers.position));
  return rows.map(({ server, current }) => ({
    name: server.name,
    position: server.position,
    version: current.version,
    fingerprint: current.fingerprint,
    toolCount: current.tools.length,
    updatedAt: current.createdAt.toISOString(),
    tools: current.tools,
    sync: toSyncView(server),
  }));
}

export interface PutCatalogResult {
  server: string;
  version: number;
  fingerprint: string;
  /** False when the tools/list was identical to the version in force: nothing was written. */
  changed: boolean;
  added: string[];
  removed: string[];
  changedTools: string[];
  /** Unresolved calls that this catalog made resolvable. */
  resolvedCalls: number;
}

/**
 * Store a server's tools/list. A changed fingerprint is a new catalog version; then the
 * project's unresolved calls are resolved again in the same transaction (§catalog, §names).
 */
export async function putServerCatalog(db: Db, projectId: string, server: string, tools: CatalogTool[], source = 'api'): Promise<PutCatalogResult> {
  return db.transaction(async (tx) => {
    const project = await lockProjectForNameChange(tx, projectId);
    const fingerprint = catalogFingerprint(tools);
    const [existing] = await tx
      .select({ server: catalogServers, current: catalogVersions })
      .from(catalogServers)
      .innerJoin(
        catalogVersions,
        and(
          eq(catalogVersions.projectId, catalogServers.projectId),
          eq(catalogVersions.server, catalogServers.name),
          eq(catalogVersions.version, catalogServers.version),
        ),
      )
      .where(and(eq(catalogServers.projectId, projectId), eq(catalogServers.name, server)));
    if (existing && existing.current.fingerprint === fingerprint) {
      return { server, version: existing.current.version, fingerprint, changed: false, added: [], removed: [], changedTools: [], resolvedCalls: 0 };
    }
    const diff = diffCatalog(existing?.current.tools ?? [], tools);
    // Versions keep counting after a server is removed and added back.
    const [newest] = await tx
      .select({ latest: max(catalogVersions.version) })
      .from(catalogVersions)
      .where(and(eq(catalogVersions.projectId, projectId), eq(catalogVersions.server, server)));
    if (!newest) throw new Error('an aggregate without group by returns one row');
    const version = (newest.latest ?? 0) + 1;
    await tx.insert(catalogVersions).values({
      projectId,
      server,
      version,
      fingerprint,
      tools,
      added: diff.added,
      removed: diff.removed,
      changed: diff.changed,
      source,
    });
    if (existing) {
      await tx
        .update(catalogServers)
        .set({ version })
        .where(and(eq(catalogServers.projectId, projectId), eq(catalogServers.name, server)));
    } else {
      const [last] = await tx
        .select({ next: sql<number>`coalesce(max(${catalogServers.position}), -1)::int + 1` })
        .from(catalogServers)
        .where(eq(catalogServers.projectId, projectId));
      if (!last) throw new Error('an aggregate without group by returns one row');
      await tx.insert(catalogServers).values({ projectId, name: server, position: last.next, version });
    }
    await bumpCatalogVersion(tx, projectId);
    const { resolved } = await reresolveProject(tx, projectId, project.metaTools);
    return {
      server,
      version,
      fingerprint,
      changed: true,
      added: diff.added,
      removed: diff.removed,
      changedTools: diff.changed,
      resolvedCalls: resolved,
    };
  });
}

export async function deleteServer(db: Db, projectId: string, server: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockProjectForNameChange(tx, projectId);
    const deleted = await tx
      .delete(catalogServers)
      .where(and(eq(catalogServers.projectId, projectId), eq(catalogServers.name, server)))
      .returning({ name: catalogServers.name });
    if (deleted.length === 0) throw serverNotFound(projectId, server);
    await bumpCatalogVersion(tx, projectId);
  });
}

export interface CatalogVersionView {
  version: number;
  fingerprint: string;
  toolCount: number;
  added: string[];
  removed: string[];
  changed: string[];
  source: string;
  createdAt: string;
}

/** A server's catalog history, newest first: what each version added, removed and changed. */
export async function listCatalogVersions(db: Db, projectId: string, server: string): Promise<CatalogVersionView[]> {
  const rows = await db
    .select({
      version: catalogVersions.version,
      fingerprint: catalogVersions.fingerprint,
      toolCount: sql<number>`jsonb_array_length(${catalogVersions.tools})::int`,
      added: catalogVersions.added,
      removed: catalogVersions.removed,
      changed: catalogVersions.changed,
      source: catalogVersions.source,
      createdAt: catalogVersions.createdAt,
    })
    .from(catalogVersions)
    .where(and(eq(catalogVersions.projectId, projectId), eq(catalogVersions.server, server)))
    .orderBy(desc(catalogVersions.version));
  if (rows.length === 0) throw serverNotFound(projectId, server);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export function serverNotFound(projectId: string, server: string): ApiError {
  return new ApiError('SERVER_NOT_FOUND', `project '${projectId}' has no catalog server '${server}'`, {
    suggestedAction: `upload its tools/list with PUT /api/projects/${projectId}/catalog/${server}`,
    citedRule: '§catalog',
  });
}
