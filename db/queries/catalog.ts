import { and, count, desc, eq, max, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { catalogServers, catalogVersions } from '@/db/schema';
import type { CatalogVersionView } from '@/lib/contracts/catalog';
import type { CatalogTool } from '@/lib/schemas/catalog';
import { deleteOwnedRow } from './delete-owned';

/** The newest version number a server has; a server removed and added back starts again at 1 (its history went with it). */
export async function latestCatalogVersion(db: Db, projectId: string, server: string): Promise<number> {
  const [newest] = await db
    .select({ latest: max(catalogVersions.version) })
    .from(catalogVersions)
    .where(and(eq(catalogVersions.projectId, projectId), eq(catalogVersions.server, server)));
  return newest?.latest ?? 0;
}

export interface NewCatalogVersion {
  projectId: string;
  server: string;
  version: number;
  fingerprint: string;
  tools: CatalogTool[];
  added: string[];
  removed: string[];
  changed: string[];
  source: string;
}

export async function insertCatalogVersion(db: Db, version: NewCatalogVersion): Promise<void> {
  await db.insert(catalogVersions).values(version);
}

/** How many servers a project's catalog holds. */
export async function countCatalogServers(db: Db, projectId: string): Promise<number> {
  const [counted] = await db.select({ servers: count() }).from(catalogServers).where(eq(catalogServers.projectId, projectId));
  return counted?.servers ?? 0;
}

/**
 * Delete a server's versions older than its newest `keep`, except the one the server is at
 * (nothing else refers to a version). The number deleted.
 */
export async function pruneCatalogVersions(db: Db, projectId: string, server: string, keep: number): Promise<number> {
  const deleted = await db
    .delete(catalogVersions)
    .where(
      and(
        eq(catalogVersions.projectId, projectId),
        eq(catalogVersions.server, server),
        sql`${catalogVersions.version} < (
          select min(kept.version) from (
            select k.version from catalog_versions k
            where k.project_id = ${projectId} and k.server = ${server}
            order by k.version desc limit ${keep}) kept)`,
        sql`not exists (
          select 1 from catalog_servers c
          where c.project_id = ${projectId} and c.name = ${server} and c.version = ${catalogVersions.version})`,
      ),
    )
    .returning({ version: catalogVersions.version });
  return deleted.length;
}

/** Delete a server's whole history (it left the catalog). */
export async function deleteCatalogVersions(db: Db, projectId: string, server: string): Promise<void> {
  await db.delete(catalogVersions).where(and(eq(catalogVersions.projectId, projectId), eq(catalogVersions.server, server)));
}

/** Point an existing server at a version. */
export async function setServerVersion(db: Db, projectId: string, server: string, version: number): Promise<void> {
  await db
    .update(catalogServers)
    .set({ version })
    .where(and(eq(catalogServers.projectId, projectId), eq(catalogServers.name, server)));
}

/** Add a server after the project's last one. */
export async function appendServer(db: Db, projectId: string, server: string, version: number): Promise<void> {
  const [last] = await db
    .select({ next: sql<number>`coalesce(max(${catalogServers.position}), -1)::int + 1` })
    .from(catalogServers)
    .where(eq(catalogServers.projectId, projectId));
  await db.insert(catalogServers).values({ projectId, name: server, position: last?.next ?? 0, version });
}

/** Remove a server from the catalog; false when there was none. */
export function deleteCatalogServer(db: Db, projectId: string, server: string): Promise<boolean> {
  return deleteOwnedRow(db, catalogServers, catalogServers.name, projectId, server);
}

/** A server's catalog history, newest first; empty when it never had one. */
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
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
