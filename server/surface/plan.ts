import type { Db } from '@/db/client';
import type { SurfacePlan } from '@/lib/contracts/surface-plan';
import type { SurfaceConfig } from '@/lib/schemas/surface-config';
import { type PlanAudience, planSurfaceChange } from '@/lib/surface/surface-plan';
import { getCatalog } from '@/server/catalog/catalog';
import { getFavourites } from '@/server/favourites/favourites';
import { currentSurface } from '@/server/projects/projects';
import { requireProject } from '@/server/projects/project-locks';
import { listProjectProxies } from '@/server/proxies/proxies';
import type { CatalogCache } from './catalog-cache';

/**
 * What saving `proposed` would change for the clients, saving nothing: per connected proxy its
 * own servers' list (each proxy presents only what it runs), or with none connected the catalog
 * as uploaded.
 */
export async function planSurface(db: Db, catalogs: CatalogCache, projectId: string, proposed: SurfaceConfig): Promise<SurfacePlan> {
  const project = await requireProject(db, projectId);
  const favourites = await getFavourites(db, projectId);
  const servers = await getCatalog(db, projectId);
  const connected = (await listProjectProxies(db, projectId)).proxies.filter((p) => p.connected);
  const audiences: PlanAudience[] =
    connected.length === 0
      ? [{ proxy: null, catalog: catalogs.preparedCatalog(servers) }]
      : connected.map((p) => {
          const runs = new Set(p.servers.map((s) => s.name));
          return {
            proxy: { id: p.id, host: p.host, clients: p.clients.map((c) => c.name) },
            catalog: catalogs.preparedCatalog(servers.filter((s) => runs.has(s.name))),
          };
        });
  return planSurfaceChange(currentSurface(project), proposed, favourites, audiences);
}
