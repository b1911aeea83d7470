import type { Db } from '@/db/client';
import { findFavourites, insertFavouriteChange, saveFavouriteIndex } from '@/db/queries/favourites';
import { listedAmong } from '@/db/queries/catalog-listed';
import { projectNotFound } from '@/lib/errors';
import type { FavouriteOperation } from '@/lib/favourites/operations';
import { applyOperation } from '@/lib/favourites/operations';
import { checkAgainstMaximum, checkFavouriteIndex, type FavouriteState, type FavouritesVia, indexOf, sameIndex, versionMismatch } from '@/lib/favourites/rules';
import { toFavouritesView } from '@/lib/favourites/view';
import type { FavouritesView } from '@/lib/contracts/favourites';
import type { FavouriteIndex } from '@/lib/schemas/favourites';
import { recordSurfaceRevision } from '@/server/impact/revisions';
import { reresolveProject } from '@/server/names/reresolve';
import { lockProjectForNameChange } from '@/server/projects/project-locks';

export async function getFavourites(db: Db, projectId: string): Promise<FavouriteState> {
  const state = await findFavourites(db, projectId);
  if (!state) throw projectNotFound(projectId);
  return state;
}

export interface WriteFavouritesOptions {
  via: FavouritesVia;
  /** The version the writer read (`If-Match`); a different current version is a 412. */
  expectedVersion?: number;
  /** When the change took effect; only the demo seeds a past history. */
  at?: Date;
  /**
   * False when the caller records one surface revision for a larger change in the same
   * transaction (a YAML apply that changes settings too), so one change is one revision.
   */
  recordRevision?: boolean;
}

/**
 * Replace a project's favourites (§favourites): checks the version the writer read, the names,
 * and `maxFavourites`; records the change in the history; and resolves unresolved
 * `favourite/…` calls again, all in one transaction with the project row locked.
 */
export async function writeFavourites(db: Db, projectId: string, next: FavouriteIndex, options: WriteFavouritesOptions) {
  checkFavouriteIndex(next);
  return updateFavourites(db, projectId, () => next, options);
}

/**
 * Change a project's favourites by a function of the index in force once the project row is
 * locked: the atomic pin/unpin/move operations compose this way under concurrency, with every
 * check of writeFavourites applied to the result.
 */
export async function updateFavourites(
  db: Db,
  projectId: string,
  change: (current: FavouriteIndex) => FavouriteIndex,
  options: WriteFavouritesOptions,
): Promise<{ state: FavouriteState; changed: boolean }> {
  return db.transaction(async (tx) => {
    const project = await lockProjectForNameChange(tx, projectId);
    const current = await getFavourites(tx, projectId);
    if (options.expectedVersion !== undefined && options.expectedVersion !== current.version) {
      throw versionMismatch(options.expectedVersion, current);
    }
    const next = change(indexOf(current));
    checkFavouriteIndex(next);
    checkAgainstMaximum(current, next);
    if (sameIndex(current, next)) return { state: current, changed: false };
    const version = current.version + 1;
    const at = options.at ?? new Date();
    const state = await saveFavouriteIndex(tx, projectId, next, version, at);
    await insertFavouriteChange(tx, { projectId, version, changedAt: at, via: options.via, before: indexOf(current), after: indexOf(state) });
    if (options.recordRevision !== false) {
      await recordSurfaceRevision(tx, { projectId, at, favouritesVersion: version, surface: project.surface, changed: ['favourites'], via: options.via });
    }
    await reresolveProject(tx, projectId, project.metaTools);
    return { state, changed: true };
  });
}

/** The favourites with their flags (full, missing from the catalog), as the API returns them. */
export async function loadFavouritesView(db: Db, projectId: string, state?: FavouriteState): Promise<FavouritesView> {
  const current = state ?? (await getFavourites(db, projectId));
  const known = await listedAmong(db, projectId, current.tools);
  return toFavouritesView(
    projectId,
    current,
    current.tools.filter((t) => !known.has(t)),
  );
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
