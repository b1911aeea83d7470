import type { Db } from '@/db/client';
import { type CurrentServer, currentServers } from '@/db/queries/catalog-current';
import { deleteCatalogServer, deleteCatalogVersions, listCatalogVersions } from '@/db/queries/catalog';
import type { CatalogServerView, CatalogVersionView } from '@/lib/contracts/catalog';
import { toSyncView } from '@/lib/catalog/views';
import { ApiError } from '@/lib/errors';
import { bumpCatalogVersionOf, lockProjectForNameChange, requireProject } from '@/server/projects/project-locks';
import type { CatalogSyncSignal } from './sync-signal';

export function serverNotFound(projectId: string, server: string): ApiError {
  return new ApiError('SERVER_NOT_FOUND', `project '${projectId}' has no catalog server '${server}'`, {
    suggestedAction: `upload its tools/list with PUT /api/projects/${projectId}/catalog/${server}`,
    citedRule: '§catalog',
  });
}

function toServerView({ server, current }: CurrentServer): CatalogServerView {
  return {
    name: server.name,
    position: server.position,
    version: current.version,
    fingerprint: current.fingerprint,
    toolCount: current.tools.length,
    updatedAt: current.createdAt.toISOString(),
    tools: current.tools,
    sync: toSyncView(server),
  };
}

/** The current catalog of a project: its servers in order, each with its tools (§catalog). */
export async function getCatalog(db: Db, projectId: string): Promise<CatalogServerView[]> {
  return (await currentServers(db, projectId)).map(toServerView);
}

/** The catalog of an existing project (404 otherwise). */
export async function getProjectCatalog(db: Db, projectId: string): Promise<CatalogServerView[]> {
  await requireProject(db, projectId);
  return getCatalog(db, projectId);
}

export async function getCatalogServer(db: Db, projectId: string, server: string): Promise<CatalogServerView> {
  await requireProject(db, projectId);
  const [found] = await currentServers(db, projectId, server);
  if (!found) throw serverNotFound(projectId, server);
  return toServerView(found);
}

/** Every canonical `server/tool` name of the catalog in force. */
export async function catalogToolNames(db: Db, projectId: string): Promise<Set<string>> {
  const names = new Set<string>();
  for (const { server, current } of await currentServers(db, projectId)) for (const tool of current.tools) names.add(`${server.name}/${tool.name}`);
  return names;
}

/**
 * Remove a server from the catalog, with its history: kept, the histories of servers added and
 * removed in turn would grow without bound. A live-synced one loses its listener.
 *
 * It takes the two parts of the AppContext it uses, not the type: the favourites and the surface
 * inputs read the catalog here, and the AppContext holds the surface cache built on them.
 */
export async function deleteServer(app: { db: Db; catalogSync: CatalogSyncSignal }, projectId: string, server: string): Promise<void> {
  await app.db.transaction(async (tx) => {
    await lockProjectForNameChange(tx, projectId);
    if (!(await deleteCatalogServer(tx, projectId, server))) throw serverNotFound(projectId, server);
    await deleteCatalogVersions(tx, projectId, server);
    await bumpCatalogVersionOf(tx, projectId);
  });
  app.catalogSync.poke();
}

/** A server's catalog history, newest first: what each version added, removed and changed. */
export async function getCatalogVersions(db: Db, projectId: string, server: string): Promise<CatalogVersionView[]> {
  await requireProject(db, projectId);
  const versions = await listCatalogVersions(db, projectId, server);
  if (versions.length === 0) throw serverNotFound(projectId, server);
  return versions;
}
