import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { surfaceRevisions } from '@/db/schema';
import type { CatalogRevisionChange, RevisionPoint } from '@/lib/impact/revisions';
import type { SurfaceMode } from '@/lib/schemas/surface-config';
import { queryRows } from '@/db/sql';

export interface NewSurfaceRevision {
  projectId: string;
  at: Date;
  favouritesVersion: number;
  mode: string;
  naming: string;
  changed: string[];
  via: string;
  catalog: CatalogRevisionChange[] | null;
}

/**
 * Record the project's next surface revision and make it the one in force, in one statement:
 * the number comes from the project row, which the caller holds locked.
 */
export async function insertSurfaceRevision(db: Db, revision: NewSurfaceRevision): Promise<number> {
  const [row] = await queryRows<{ revision: number }>(
    db,
    sql`with bumped as (
          update projects set surface_revision = surface_revision + 1 where id = ${revision.projectId} returning surface_revision
        )
        insert into surface_revisions (project_id, revision, at, favourites_version, mode, naming, changed, via, catalog)
        select ${revision.projectId}, surface_revision, ${revision.at.toISOString()}::timestamptz, ${revision.favouritesVersion},
               ${revision.mode}, ${revision.naming}, ${JSON.stringify(revision.changed)}::jsonb, ${revision.via},
               ${revision.catalog === null ? null : JSON.stringify(revision.catalog)}::jsonb
        from bumped
        returning revision`,
  );
  if (!row) throw new Error(`project '${revision.projectId}' has no row to number its revision from`);
  return row.revision;
}

/** When each revision took effect and its mode: what ingest resolves an event's revision with. */
export async function revisionPoints(db: Db, projectId: string): Promise<RevisionPoint[]> {
  const rows = await db
    .select({ revision: surfaceRevisions.revision, at: surfaceRevisions.at, mode: surfaceRevisions.mode })
    .from(surfaceRevisions)
    .where(eq(surfaceRevisions.projectId, projectId))
    .orderBy(asc(surfaceRevisions.revision));
  // Sound: the column is written only from a parsed SurfaceConfig's mode.
  return rows.map((r) => ({ revision: r.revision, at: r.at.getTime(), mode: r.mode as SurfaceMode }));
}

export type SurfaceRevisionRow = typeof surfaceRevisions.$inferSelect;

/** The latest `limit` revisions, oldest first. */
export async function latestSurfaceRevisions(db: Db, projectId: string, limit: number): Promise<SurfaceRevisionRow[]> {
  const rows = await db.select().from(surfaceRevisions).where(eq(surfaceRevisions.projectId, projectId)).orderBy(desc(surfaceRevisions.revision)).limit(limit);
  return rows.reverse();
}

export async function findSurfaceRevision(db: Db, projectId: string, revision: number): Promise<SurfaceRevisionRow | null> {
  const row = await db.query.surfaceRevisions.findFirst({ where: and(eq(surfaceRevisions.projectId, projectId), eq(surfaceRevisions.revision, revision)) });
  return row ?? null;
}

/** The revision that brought in a favourites version (the history links to its impact by version). */
export async function revisionOfFavouritesVersion(db: Db, projectId: string, favouritesVersion: number): Promise<number | null> {
  const [row] = await db
    .select({ revision: surfaceRevisions.revision })
    .from(surfaceRevisions)
    .where(and(eq(surfaceRevisions.projectId, projectId), eq(surfaceRevisions.favouritesVersion, favouritesVersion)))
    .orderBy(asc(surfaceRevisions.revision))
    .limit(1);
  return row?.revision ?? null;
}

/** Set when a revision took effect (the demo seeds a history that starts in the past). */
export async function backdateSurfaceRevision(db: Db, projectId: string, revision: number, at: Date): Promise<void> {
  await db
    .update(surfaceRevisions)
    .set({ at })
    .where(and(eq(surfaceRevisions.projectId, projectId), eq(surfaceRevisions.revision, revision)));
}
