import { asc, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { favouriteChanges } from '@/db/schema';

/** Every favourites version of a project with when it took effect, oldest first. */
export async function favouritesHistory(db: Db, projectId: string): Promise<{ version: number; since: number; tools: string[] }[]> {
  const rows = await db
    .select({ version: favouriteChanges.version, changedAt: favouriteChanges.changedAt, after: favouriteChanges.after })
    .from(favouriteChanges)
    .where(eq(favouriteChanges.projectId, projectId))
    .orderBy(asc(favouriteChanges.version));
  return rows.map((r) => ({ version: r.version, since: r.changedAt.getTime(), tools: r.after.tools }));
}
