import type { Db } from '@/db/client';
import { appendServer, countCatalogServers, insertCatalogVersion, latestCatalogVersion, pruneCatalogVersions, setServerVersion } from '@/db/queries/catalog';
import { currentServers } from '@/db/queries/catalog-current';
import { catalogFingerprint, diffCatalog } from '@/lib/catalog/fingerprint';
import type { PutCatalogResult } from '@/lib/contracts/catalog';
import { ApiError } from '@/lib/errors';
import { CATALOG_VERSIONS_KEPT, MAX_CATALOG_SERVERS } from '@/lib/limits';
import type { CatalogTool } from '@/lib/schemas/catalog';
import { recordCatalogRevision } from '@/server/impact/revisions';
import { reresolveProject } from '@/server/names/reresolve';
import { bumpCatalogVersionOf, lockProjectForNameChange } from '@/server/projects/project-locks';

/** 409 when a project's catalog is full and `server` would be one more (§catalog); only a check under the project's row lock is final. */
export async function requireRoomForServer(db: Db, projectId: string, server: string): Promise<void> {
  const held = await countCatalogServers(db, projectId);
  if (held < MAX_CATALOG_SERVERS) return;
  throw new ApiError(
    'SERVER_LIMIT_REACHED',
    `project '${projectId}' already has ${held} catalog servers; the limit is ${MAX_CATALOG_SERVERS}, so '${server}' cannot be added`,
    {
      suggestedAction: `remove servers the project no longer uses (DELETE /api/projects/${projectId}/catalog/:server), then add this one`,
      citedRule: '§catalog',
    },
  );
}

/**
 * Store a server's tools/list. A changed fingerprint is a new catalog version (for a server
 * already in the catalog, the project's next surface revision, §impact), and versions past
 * the newest CATALOG_VERSIONS_KEPT go; then the project's unresolved calls are resolved again in the same transaction
 * (§catalog, §names). A new server needs room in the catalog.
 */
export async function putServerCatalog(db: Db, projectId: string, server: string, tools: CatalogTool[], source = 'api'): Promise<PutCatalogResult> {
  return db.transaction(async (tx) => {
    const project = await lockProjectForNameChange(tx, projectId);
    const fingerprint = catalogFingerprint(tools);
    const [existing] = await currentServers(tx, projectId, server);
    if (existing && existing.current.fingerprint === fingerprint) {
      return { server, version: existing.current.version, fingerprint, changed: false, added: [], removed: [], changedTools: [], resolvedCalls: 0 };
    }
    // The project row lock serialises catalog writes, so the count holds until commit.
    if (!existing) await requireRoomForServer(tx, projectId, server);
    const diff = diffCatalog(existing?.current.tools ?? [], tools);
    const version = (await latestCatalogVersion(tx, projectId, server)) + 1;
    await insertCatalogVersion(tx, { projectId, server, version, fingerprint, tools, ...diff, source });
    if (existing) await setServerVersion(tx, projectId, server, version);
    else await appendServer(tx, projectId, server, version);
    await pruneCatalogVersions(tx, projectId, server, CATALOG_VERSIONS_KEPT);
    await bumpCatalogVersionOf(tx, projectId);
    // A server's first tools/list is how a catalog is set up, before there is traffic to judge; a new list of a server already presented is a change to judge.
    if (existing) await recordCatalogRevision(tx, { projectId, surface: project.surface, catalog: { server, version }, via: source });
    const { resolved } = await reresolveProject(tx, projectId, project.metaTools);
    return { server, version, fingerprint, changed: true, added: diff.added, removed: diff.removed, changedTools: diff.changed, resolvedCalls: resolved };
  });
}
