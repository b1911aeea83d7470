import type { Db } from '@/db/client';
import type { FavouriteState } from '@/lib/favourites/rules';
import type { SurfaceConfig } from '@/lib/schemas/surface-config';
import type { PreparedCatalog } from '@/lib/surface/prepared-catalog';
import { getCatalog } from '@/server/catalog/catalog';
import { getFavourites } from '@/server/favourites/favourites';
import { requireProject } from '@/server/projects/projects';
import type { SurfaceStore } from './surface-store';

export interface SurfaceInputs {
  surface: SurfaceConfig;
  favourites: FavouriteState;
  catalogVersion: number;
  catalog: PreparedCatalog;
}

/** A project's surface config, favourites and prepared catalog (shared by every request for that catalog). */
export async function loadSurfaceInputs(db: Db, surfaces: SurfaceStore, projectId: string): Promise<SurfaceInputs> {
  const project = await requireProject(db, projectId);
  const favourites = await getFavourites(db, projectId);
  const catalog = surfaces.preparedCatalog(await getCatalog(db, projectId));
  return { surface: project.surface, favourites, catalogVersion: project.catalogVersion, catalog };
}
