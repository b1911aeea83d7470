import { toFavouritesView, type FavouritesView } from '@/lib/favourites/http';
import type { FavouriteOperation } from '@/lib/favourites/operations';
import { applyOperation } from '@/lib/favourites/operations';
import type { Db } from '../client';
import { getFavourites, pinnedMissingFromCatalog, updateFavourites, type FavouriteState, type FavouritesVia } from './favourites';

/** The favourites with their flags (full, missing from the catalog), as the API returns them. */
export async function loadFavouritesView(db: Db, projectId: string, state?: FavouriteState): Promise<FavouritesView> {
  const current = state ?? (await getFavourites(db, projectId));
  return toFavouritesView(projectId, current, await pinnedMissingFromCatalog(db, projectId, current.tools));
}

/** Run one atomic operation against the favourites in force under the project lock. */
export async function runFavouriteOperation(
  db: Db,
  projectId: string,
  operation: FavouriteOperation,
  options: { via: FavouritesVia; expectedVersion?: number },
): Promise<{ view: FavouritesView; changed: boolean }> {
  const { state, changed } = await updateFavourites(db, projectId, (current) => applyOperation(current, operation), options);
  return { view: await loadFavouritesView(db, projectId, state), changed };
}
