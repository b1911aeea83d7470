import { asc, eq, sql } from 'drizzle-orm';
import { ApiError, projectNotFound } from '@/lib/errors';
import { defaultFavouriteIndex } from '@/lib/schemas/favourites';
import type { CreateProjectInput, UpdateProjectInput } from '@/lib/schemas/projects';
import { defaultSurfaceConfig, type SurfaceConfig } from '@/lib/schemas/surface-config';
import type { Db } from '../client';
import { events, favouriteChanges, favouriteIndexes, projects, usageDaily, usageDailyNamespaces, usageDailyTools, usageToolSessions } from '../schema';
import { pgErrorCode } from '../sql';
import { reresolveProject } from './reresolve';

export type ProjectRow = typeof projects.$inferSelect;

export interface ProjectView {
  id: string;
  description: string;
  metaTools: string[];
  retentionDays: number | null;
  surface: SurfaceConfig;
  createdAt: string;
  updatedAt: string;
}

export function toProjectView(row: ProjectRow): ProjectView {
  return {
    id: row.id,
    description: row.description,
    metaTools: row.metaTools,
    retentionDays: row.retentionDays,
    surface: row.surface,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listProjects(db: Db): Promise<ProjectRow[]> {
  return db.select().from(projects).orderBy(asc(projects.id));
}

export async function findProject(db: Db, id: string): Promise<ProjectRow | null> {
  const [row] = await db.select().from(projects).where(eq(projects.id, id));
  return row ?? null;
}

export async function requireProject(db: Db, id: string): Promise<ProjectRow> {
  const row = await findProject(db, id);
  if (!row) throw projectNotFound(id);
  return row;
}

export async function createProject(db: Db, input: CreateProjectInput, via = 'api'): Promise<ProjectRow> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(projects)
        .values({
          id: input.id,
          description: input.description,
          metaTools: input.metaTools,
          retentionDays: input.retentionDays,
          surface: input.surface ?? defaultSurfaceConfig(),
        })
        .returning();
      if (!row) throw new Error('insert … returning yields the inserted row');
      const favourites = defaultFavouriteIndex();
      await tx.insert(favouriteIndexes).values({ projectId: input.id, ...favourites, version: 1 });
      await tx.insert(favouriteChanges).values({ projectId: input.id, version: 1, via, before: null, after: favourites });
      return row;
    });
  } catch (err) {
    if (pgErrorCode(err) === '23505') {
      throw new ApiError('PROJECT_EXISTS', `project '${input.id}' already exists`, {
        suggestedAction: 'pick another id, or update the existing project with PATCH /api/projects/:id',
        citedRule: '§errors',
      });
    }
    throw err;
  }
}

export async function updateProject(db: Db, id: string, input: UpdateProjectInput): Promise<ProjectRow> {
  const changes: Partial<typeof projects.$inferInsert> = { updatedAt: new Date() };
  if (input.description !== undefined) changes.description = input.description;
  if (input.metaTools !== undefined) changes.metaTools = input.metaTools;
  if (input.retentionDays !== undefined) changes.retentionDays = input.retentionDays;
  if (input.surface !== undefined) changes.surface = input.surface;
  return db.transaction(async (tx) => {
    const before = await lockProjectForNameChange(tx, id);
    const [row] = await tx.update(projects).set(changes).where(eq(projects.id, id)).returning();
    if (!row) throw new Error(`project '${id}' vanished under its row lock`);
    // A new meta tool name may be what an unresolved call was.
    if (input.metaTools && input.metaTools.join('\u0000') !== before.metaTools.join('\u0000')) {
      await reresolveProject(tx, id, row.metaTools);
    }
    return row;
  });
}

/** Events and rollups carry no foreign key (ingest speed), so they are removed here. */
export async function deleteProject(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(projects).where(eq(projects.id, id)).returning({ id: projects.id });
    if (!row) throw projectNotFound(id);
    await tx.delete(events).where(eq(events.projectId, id));
    await tx.delete(usageDaily).where(eq(usageDaily.projectId, id));
    await tx.delete(usageDailyTools).where(eq(usageDailyTools.projectId, id));
    await tx.delete(usageDailyNamespaces).where(eq(usageDailyNamespaces.projectId, id));
    await tx.delete(usageToolSessions).where(eq(usageToolSessions.projectId, id));
  });
}

/**
 * Take the project row for a write that changes how names resolve (catalog, favourites, meta
 * tools). Ingest holds a share lock on the same row, so the two never interleave: every event
 * is resolved against the state before or after the change, and re-resolution sees it.
 */
export async function lockProjectForNameChange(db: Db, id: string): Promise<ProjectRow> {
  const [row] = await db.select().from(projects).where(eq(projects.id, id)).for('update');
  if (!row) throw projectNotFound(id);
  return row;
}

export async function bumpCatalogVersion(db: Db, id: string): Promise<number> {
  const [row] = await db
    .update(projects)
    .set({ catalogVersion: sql`${projects.catalogVersion} + 1`, updatedAt: new Date() })
    .where(eq(projects.id, id))
    .returning({ catalogVersion: projects.catalogVersion });
  if (!row) throw projectNotFound(id);
  return row.catalogVersion;
}
