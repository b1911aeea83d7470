import type { Db } from '@/db/client';
import { appendServer, insertCatalogVersion, latestCatalogVersion, setServerVersion } from '@/db/queries/catalog';
import { currentServers } from '@/db/queries/catalog-current';
import { catalogFingerprint, diffCatalog } from '@/lib/catalog/fingerprint';
import type { PutCatalogResult } from '@/lib/contracts/catalog';
import type { CatalogTool } from '@/lib/schemas/catalog';
import { reresolveProject } from '@/server/names/reresolve';
import { bumpCatalogVersionOf, lockProjectForNameChange } from '@/server/projects/projects';

/**
 * Store a server's tools/list. A changed fingerprint is a new catalog version; then the
 * project's unresolved calls are resolved again in the same transaction (§catalog, §names).
 */
export async function putServerCatalog(db: Db, projectId: string, server: string, tools: CatalogTool[], source = 'api'): Promise<PutCatalogResult> {
  return db.transaction(async (tx) => {
    const project = await lockProjectForNameChange(tx, projectId);
    const fingerprint = catalogFingerprint(tools);
    const [existing] = await currentServers(tx, projectId, server);
    if (existing && existing.current.fingerprint === fingerprint) {
      return { server, version: existing.current.version, fingerprint, changed: false, added: [], removed: [], changedTools: [], resolvedCalls: 0 };
    }
    const diff = diffCatalog(existing?.current.tools ?? [], tools);
    const version = (await latestCatalogVersion(tx, projectId, server)) + 1;
    await insertCatalogVersion(tx, { projectId, server, version, fingerprint, tools, ...diff, source });
    if (existing) await setServerVersion(tx, projectId, server, version);
    else await appendServer(tx, projectId, server, version);
    await bumpCatalogVersionOf(tx, projectId);
    const { resolved } = await reresolveProject(tx, projectId, project.metaTools);
    return { server, version, fingerprint, changed: true, added: diff.added, removed: diff.removed, changedTools: diff.changed, resolvedCalls: resolved };
  });
}
