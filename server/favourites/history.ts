import type { Db } from '@/db/client';
import { listFavouriteChanges } from '@/db/queries/favourites';
import { describeChange, summariseChange } from '@/lib/favourites/change-summary';
import { getFavourites } from './favourites';

/** A page of the favourites history, newest first, each change summarised as people read it. */
export async function favouritesHistoryPage(db: Db, projectId: string, query: { limit: number; before?: number }) {
  const current = await getFavourites(db, projectId);
  const changes = await listFavouriteChanges(db, projectId, query);
  const last = changes.at(-1);
  return {
    project: projectId,
    currentVersion: current.version,
    changes: changes.map((c) => ({ ...c, summary: summariseChange(c.before, c.after), description: describeChange(c.before, c.after) })),
    next: changes.length === query.limit && last && last.version > 1 ? last.version : null,
  };
}
