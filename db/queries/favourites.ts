import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { favouriteChanges, favouriteIndexes } from '@/db/schema';
import { listSavedVersions, type SavedVersionRow, toSavedVersionRow } from './saved-versions';
import type { FavouriteState, FavouritesVia } from '@/lib/favourites/rules';
import type { FavouriteIndex } from '@/lib/schemas/favourites';

function toState(row: typeof favouriteIndexes.$inferSelect): FavouriteState {
  return { enabled: row.enabled, maxFavourites: row.maxFavourites, tools: row.tools, version: row.version, updatedAt: row.updatedAt.toISOString() };
}

/** A project's favourites in force; null when the project does not exist. */
export async function findFavourites(db: Db, projectId: string): Promise<FavouriteState | null> {
  const [row] = await db.select().from(favouriteIndexes).where(eq(favouriteIndexes.projectId, projectId));
  return row ? toState(row) : null;
}

/** Store the favourites as `version`: the first index of a new project, or the next version of one. */
export async function saveFavouriteIndex(db: Db, projectId: string, index: FavouriteIndex, version: number, at = new Date()): Promise<FavouriteState> {
  const values = { enabled: index.enabled, maxFavourites: index.maxFavourites, tools: [...index.tools], version, updatedAt: at };
  const [row] = await db
    .insert(favouriteIndexes)
    .values({ projectId, ...values })
    .onConflictDoUpdate({ target: favouriteIndexes.projectId, set: values })
    .returning();
  if (!row) throw new Error('an upsert … returning yields its row');
  return toState(row);
}

export interface FavouriteChange {
  projectId: string;
  version: number;
  changedAt: Date;
  via: FavouritesVia;
  before: FavouriteIndex | null;
  after: FavouriteIndex;
}

export async function insertFavouriteChange(db: Db, change: FavouriteChange): Promise<void> {
  await db.insert(favouriteChanges).values(change);
}

export type FavouriteChangeRow = SavedVersionRow<FavouriteIndex>;

/** The history of a project's favourites, newest first; `before` pages on to older versions. */
export function listFavouriteChanges(db: Db, projectId: string, options: { limit: number; before?: number }): Promise<FavouriteChangeRow[]> {
  return listSavedVersions(db, favouriteChanges, projectId, options);
}

/** The given favourites versions' before and after (the impact report describes what each changed). */
export async function favouriteChangesOf(db: Db, projectId: string, versions: readonly number[]): Promise<FavouriteChangeRow[]> {
  if (versions.length === 0) return [];
  const rows = await db
    .select()
    .from(favouriteChanges)
    .where(and(eq(favouriteChanges.projectId, projectId), inArray(favouriteChanges.version, [...versions])));
  return rows.map(toSavedVersionRow);
}

/** Set when a favourites version took effect (the demo seeds a history that starts in the past). */
export async function backdateFavouriteChange(db: Db, projectId: string, version: number, changedAt: Date): Promise<void> {
  await db
    .update(favouriteChanges)
    .set({ changedAt })
    .where(and(eq(favouriteChanges.projectId, projectId), eq(favouriteChanges.version, version)));
}
