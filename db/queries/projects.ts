import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import {
  events,
  projects,
  usageDaily,
  usageDailyNamespaces,
  usageDailySegments,
  usageDailyTools,
  usageSessions,
  usageToolSessions,
  usageUnresolvedDays,
} from '@/db/schema';
import type { SurfaceConfig } from '@/lib/schemas/surface-config';
import { firstOrNull } from '@/db/sql';

export type ProjectRow = typeof projects.$inferSelect;

export interface NewProject {
  id: string;
  description: string;
  metaTools: string[];
  retentionDays: number | null;
  surface: SurfaceConfig;
}

export async function listProjects(db: Db): Promise<ProjectRow[]> {
  return db.select().from(projects).orderBy(asc(projects.id));
}

export async function findProject(db: Db, id: string): Promise<ProjectRow | null> {
  return firstOrNull(db.select().from(projects).where(eq(projects.id, id)));
}

/** Insert a project row; a taken id fails with the database's unique violation (23505). */
export async function insertProject(db: Db, project: NewProject): Promise<ProjectRow> {
  const [row] = await db.insert(projects).values(project).returning();
  if (!row) throw new Error('insert … returning yields the inserted row');
  return row;
}

export async function updateProjectRow(db: Db, id: string, changes: Partial<typeof projects.$inferInsert>): Promise<ProjectRow | null> {
  return firstOrNull(db.update(projects).set(changes).where(eq(projects.id, id)).returning());
}

/**
 * Take the project row for a write that changes how names resolve (catalog, favourites, meta
 * tools). Ingest holds a share lock on the same row, so the two never interleave: every event
 * is resolved against the state before or after the change, and re-resolution sees it.
 */
export async function lockProject(db: Db, id: string): Promise<ProjectRow | null> {
  return firstOrNull(db.select().from(projects).where(eq(projects.id, id)).for('update'));
}

/** Delete a project row (its catalog, favourites and tokens go by foreign key); false when there was none. */
export async function deleteProjectRow(db: Db, id: string): Promise<boolean> {
  const deleted = await db.delete(projects).where(eq(projects.id, id)).returning({ id: projects.id });
  return deleted.length > 0;
}

/** Events and rollups carry no foreign key (ingest speed), so they are deleted by project here. */
export async function deleteProjectEvents(db: Db, id: string): Promise<void> {
  for (const table of [events, usageDaily, usageUnresolvedDays, usageDailyTools, usageDailyNamespaces, usageToolSessions, usageDailySegments, usageSessions]) {
    await db.delete(table).where(eq(table.projectId, id));
  }
}

export async function bumpCatalogVersion(db: Db, id: string): Promise<number | null> {
  const [row] = await db
    .update(projects)
    .set({ catalogVersion: sql`${projects.catalogVersion} + 1`, updatedAt: new Date() })
    .where(eq(projects.id, id))
    .returning({ catalogVersion: projects.catalogVersion });
  return row?.catalogVersion ?? null;
}
