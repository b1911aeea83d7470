import type { Db } from '@/db/client';
import { bumpCatalogVersion, findProject, lockProject, type ProjectRow } from '@/db/queries/projects';
import { projectNotFound } from '@/lib/errors';

/*
 * The project row as the other services take it before they read or write under it. Apart from
 * projects.ts (which creates, changes and deletes projects) so that a read as low as the surface
 * cache's can use it without pulling in everything a project change touches.
 */

export async function requireProject(db: Db, id: string): Promise<ProjectRow> {
  const row = await findProject(db, id);
  if (!row) throw projectNotFound(id);
  return row;
}

/** Lock the project row for a change to how its names resolve (see lockProject); 404 when absent. */
export async function lockProjectForNameChange(db: Db, id: string): Promise<ProjectRow> {
  const row = await lockProject(db, id);
  if (!row) throw projectNotFound(id);
  return row;
}

/** Count a catalog change: ingest picks its cached name resolver by this number. */
export async function bumpCatalogVersionOf(db: Db, id: string): Promise<number> {
  const version = await bumpCatalogVersion(db, id);
  if (version === null) throw projectNotFound(id);
  return version;
}
