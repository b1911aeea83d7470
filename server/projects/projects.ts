import type { Db } from '@/db/client';
import { insertFavouriteChange, saveFavouriteIndex } from '@/db/queries/favourites';
import { deleteProjectEvents, deleteProjectRow, findProject, insertProject, listProjects, type ProjectRow, updateProjectRow } from '@/db/queries/projects';
import { pgErrorCode } from '@/db/sql';
import { ApiError, projectNotFound } from '@/lib/errors';
import type { FavouritesVia } from '@/lib/favourites/rules';
import { defaultFavouriteIndex } from '@/lib/schemas/favourites';
import type { ProjectView } from '@/lib/contracts/projects';
import type { CreateProjectInput, UpdateProjectInput } from '@/lib/schemas/projects';
import { defaultSurfaceConfig, type SurfaceConfig, surfaceConfigSchema } from '@/lib/schemas/surface-config';
import { stableStringify } from '@/lib/stable-json';
import type { AppContext } from '@/server/app-context';
import { recordSurfaceRevision } from '@/server/impact/revisions';
import { reresolveProject } from '@/server/names/reresolve';
import { lockProjectForNameChange } from './project-locks';
import { type RevisionChange, surfaceChanges } from '@/lib/impact/revisions';

/** Whether a project of this id exists: the project pages answer 404 for one that does not. */
export async function projectExists(db: Db, id: string): Promise<boolean> {
  return (await findProject(db, id)) !== null;
}

/** A project's surface config with every default filled in, as a PATCH body's config is parsed: so the two compare equal. */
export function currentSurface(row: ProjectRow): SurfaceConfig {
  return surfaceConfigSchema.parse(row.surface);
}

/** The 409 of a compare-and-set on the surface config: someone saved another config since it was read. */
function surfaceChangedMeanwhile(id: string, current: SurfaceConfig): ApiError {
  return new ApiError('CONFLICT', `the surface config of project '${id}' changed since it was read; nothing was saved`, {
    suggestedAction: 'read the project again (details.current is the config now in force), review the change against it and send it again',
    citedRule: '§surface',
    details: { current },
  });
}

/** A new project with the default favourites, recorded as version 1 of its history and as surface revision 1. */
export async function createProject(db: Db, input: CreateProjectInput, via: FavouritesVia = 'api'): Promise<ProjectRow> {
  try {
    return await db.transaction(async (tx) => {
      const row = await insertProject(tx, {
        id: input.id,
        description: input.description,
        metaTools: input.metaTools,
        retentionDays: input.retentionDays,
        surface: input.surface ?? defaultSurfaceConfig(),
      });
      const favourites = defaultFavouriteIndex();
      const at = new Date();
      await saveFavouriteIndex(tx, input.id, favourites, 1, at);
      await insertFavouriteChange(tx, { projectId: input.id, version: 1, changedAt: at, via, before: null, after: favourites });
      const surfaceRevision = await recordSurfaceRevision(tx, {
        projectId: input.id,
        at,
        favouritesVersion: 1,
        surface: row.surface,
        changed: ['created'],
        via,
      });
      return { ...row, surfaceRevision };
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

/**
 * Change a project's settings; a change of its surface config is recorded as its next surface
 * revision, together with `alsoChanged`: what the caller changed before in the same transaction
 * without a revision of its own (a YAML apply's favourites).
 */
export async function updateProject(
  db: Db,
  id: string,
  input: UpdateProjectInput,
  via: FavouritesVia = 'api',
  alsoChanged: RevisionChange[] = [],
): Promise<ProjectRow> {
  const changes: Parameters<typeof updateProjectRow>[2] = { updatedAt: new Date() };
  if (input.description !== undefined) changes.description = input.description;
  if (input.metaTools !== undefined) changes.metaTools = input.metaTools;
  if (input.retentionDays !== undefined) changes.retentionDays = input.retentionDays;
  if (input.surface !== undefined) changes.surface = input.surface;
  return db.transaction(async (tx) => {
    const before = await lockProjectForNameChange(tx, id);
    // Compare-and-set under the row lock: a dashboard change saves only over the config it was planned from.
    if (input.expectedSurface !== undefined && stableStringify(currentSurface(before)) !== stableStringify(input.expectedSurface)) {
      throw surfaceChangedMeanwhile(id, currentSurface(before));
    }
    const row = await updateProjectRow(tx, id, changes);
    if (!row) throw new Error(`project '${id}' vanished under its row lock`);
    // A new meta tool name may be what an unresolved call was; a new server key, what a client's name started with.
    const metaChanged = input.metaTools !== undefined && input.metaTools.join('\u0000') !== before.metaTools.join('\u0000');
    const keyChanged = input.surface !== undefined && input.surface.serverKey !== before.surface.serverKey;
    if (metaChanged || keyChanged) {
      await reresolveProject(tx, id, row.metaTools);
    }
    const changed = [...alsoChanged, ...(input.surface === undefined ? [] : surfaceChanges(before.surface, row.surface))];
    if (changed.length === 0) return row;
    const surfaceRevision = await recordSurfaceRevision(tx, {
      projectId: id,
      at: row.updatedAt,
      surface: row.surface,
      changed,
      via,
    });
    return { ...row, surfaceRevision };
  });
}

/** Delete a project with its catalog, events and tokens. */
export async function deleteProject(app: AppContext, id: string): Promise<void> {
  await app.db.transaction(async (tx) => {
    if (!(await deleteProjectRow(tx, id))) throw projectNotFound(id);
    await deleteProjectEvents(tx, id);
  });
  // A live-synced server of the project loses its listener.
  app.catalogSync.poke();
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

export async function listProjectViews(db: Db): Promise<ProjectView[]> {
  return (await listProjects(db)).map(toProjectView);
}
