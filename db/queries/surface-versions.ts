import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { favouriteIndexes, projects } from '@/db/schema';
import { firstOrNull } from '@/db/sql';

/** What a surface response depends on, read in one small query. */
export interface SurfaceVersions {
  catalogVersion: number;
  favouritesVersion: number;
  surfaceRevision: number;
  surfaceText: string;
  /** The tool policy (§policy) as stored, whole: a change of any rule is a new surface for the tokens it touches. */
  policyText: string;
}

/** The versions query with the project id as a placeholder, so the hot path can prepare it once. */
export function surfaceVersionsQuery(db: Db) {
  return db
    .select({
      catalogVersion: projects.catalogVersion,
      favouritesVersion: favouriteIndexes.version,
      surfaceRevision: projects.surfaceRevision,
      surfaceText: sql<string>`${projects.surface}::text`,
      policyText: sql<string>`${projects.policy}::text`,
    })
    .from(projects)
    .innerJoin(favouriteIndexes, eq(favouriteIndexes.projectId, projects.id))
    .where(eq(projects.id, sql.placeholder('id')));
}

export type PreparedSurfaceVersions = ReturnType<ReturnType<typeof surfaceVersionsQuery>['prepare']>;

/** The versions of a project; null when it does not exist. */
export async function readSurfaceVersions(query: PreparedSurfaceVersions, projectId: string): Promise<SurfaceVersions | null> {
  return firstOrNull(query.execute({ id: projectId }));
}

/** The key clients give a project's proxy (surface.serverKey); null when the project does not exist. */
export async function projectServerKey(db: Db, projectId: string): Promise<string | null> {
  const [row] = await db
    .select({ serverKey: sql<string>`coalesce(${projects.surface}->>'serverKey', 'favindex')` })
    .from(projects)
    .where(eq(projects.id, projectId));
  return row?.serverKey ?? null;
}
