import type { Db } from '@/db/client';
import type { FavouriteState } from '@/lib/favourites/rules';
import type { ToolPolicy } from '@/lib/schemas/policy';
import type { RoutersConfig } from '@/lib/schemas/routers';
import type { SurfaceConfig } from '@/lib/schemas/surface-config';
import type { PreparedCatalog } from '@/lib/surface/prepared-catalog';
import type { UploadedOnlyServer } from '@/lib/surface/preview-response';
import { getFavourites } from '@/server/favourites/favourites';
import { requireProject } from '@/server/projects/project-locks';
import { getRouters } from '@/server/routers/routers';
import type { CatalogCache } from './catalog-cache';

export interface SurfaceInputs {
  surface: SurfaceConfig;
  /** The project's whole tool policy (§policy). */
  policy: ToolPolicy;
  favourites: FavouriteState;
  /** The routers in force (§routers): empty while the project has none. */
  routers: RoutersConfig;
  catalogVersion: number;
  catalog: PreparedCatalog;
  /** Catalog servers left out because no connected proxy runs them (empty without `runBy`). */
  uploadedOnly: UploadedOnlyServer[];
}

/**
 * A project's surface config, favourites, routers and prepared catalog (shared by every request for that
 * catalog). With `runBy`, the catalog holds only those servers: what clients really receive.
 */
export async function loadSurfaceInputs(db: Db, catalogs: CatalogCache, projectId: string, runBy: ReadonlySet<string> | null = null): Promise<SurfaceInputs> {
  const project = await requireProject(db, projectId);
  const favourites = await getFavourites(db, projectId);
  const routers = await getRouters(db, projectId);
  const servers = await catalogs.currentCatalog(db, projectId);
  const kept = runBy ? servers.filter((s) => runBy.has(s.name)) : servers;
  const uploadedOnly = runBy ? servers.filter((s) => !runBy.has(s.name)).map((s) => ({ server: s.name, tools: s.tools.length })) : [];
  return {
    surface: project.surface,
    policy: project.policy,
    favourites,
    routers: routers.config,
    catalogVersion: project.catalogVersion,
    catalog: catalogs.preparedCatalog(kept),
    uploadedOnly,
  };
}
