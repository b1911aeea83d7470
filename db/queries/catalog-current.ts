import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { catalogServers, catalogVersions } from '@/db/schema';

export type CatalogServerRow = typeof catalogServers.$inferSelect;
export type CatalogVersionRow = typeof catalogVersions.$inferSelect;

/** Each catalog server joined to the version of its tools/list in force. */
const IN_FORCE = and(
  eq(catalogVersions.projectId, catalogServers.projectId),
  eq(catalogVersions.server, catalogServers.name),
  eq(catalogVersions.version, catalogServers.version),
);

/** A catalog server with the version of its tools/list in force. */
export interface CurrentServer {
  server: CatalogServerRow;
  current: CatalogVersionRow;
}

/**
 * The project's servers in order, each joined to its version in force; one server when
 * `server` is given. Every read of "the catalog now" goes through here.
 */
export async function currentServers(db: Db, projectId: string, server?: string): Promise<CurrentServer[]> {
  const where = server === undefined ? eq(catalogServers.projectId, projectId) : and(eq(catalogServers.projectId, projectId), eq(catalogServers.name, server));
  return db
    .select({ server: catalogServers, current: catalogVersions })
    .from(catalogServers)
    .innerJoin(catalogVersions, IN_FORCE)
    .where(where)
    .orderBy(asc(catalogServers.position));
}

/** The server and tool names of the catalog in force, in server order (what name resolution needs). */
export async function currentCatalogNames(db: Db, projectId: string): Promise<{ name: string; tools: { name: string }[] }[]> {
  const servers = await currentServers(db, projectId);
  return servers.map(({ server, current }) => ({ name: server.name, tools: current.tools.map((t) => ({ name: t.name })) }));
}

/**
 * The project's servers in order with the fingerprint of the version in force, and no tools: a
 * few bytes per server, enough to tell whether a catalog already loaded is still the one in force.
 */
export async function currentFingerprints(db: Db, projectId: string): Promise<{ name: string; fingerprint: string }[]> {
  return db
    .select({ name: catalogServers.name, fingerprint: catalogVersions.fingerprint })
    .from(catalogServers)
    .innerJoin(catalogVersions, IN_FORCE)
    .where(eq(catalogServers.projectId, projectId))
    .orderBy(asc(catalogServers.position));
}
