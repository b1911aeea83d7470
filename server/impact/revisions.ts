import type { Db } from '@/db/client';
import { findFavourites } from '@/db/queries/favourites';
import { insertSurfaceRevision, revisionPoints } from '@/db/queries/surface-revisions';
import { BoundedMap } from '@/lib/bounded-map';
import { type CatalogRevisionChange, namingOf, type RevisionChange, RevisionTimeline } from '@/lib/impact/revisions';
import type { SurfaceConfig } from '@/lib/schemas/surface-config';

/**
 * Record a change of what the project's proxies present as its next surface revision
 * (§impact). Call it in the transaction that makes the change, with the project row locked.
 * A change that is not of the favourites (the policy, the routers, a catalog) leaves out
 * `favouritesVersion`: the revision is at the favourites in force.
 */
export async function recordSurfaceRevision(
  db: Db,
  change: {
    projectId: string;
    at: Date;
    favouritesVersion?: number;
    surface: SurfaceConfig;
    changed: RevisionChange[];
    via: string;
    catalog?: CatalogRevisionChange[];
  },
): Promise<number> {
  return insertSurfaceRevision(db, {
    projectId: change.projectId,
    at: change.at,
    favouritesVersion: change.favouritesVersion ?? (await favouritesInForce(db, change.projectId)),
    mode: change.surface.mode,
    naming: namingOf(change.surface),
    changed: change.changed,
    via: change.via,
    catalog: change.catalog ?? null,
  });
}

async function favouritesInForce(db: Db, projectId: string): Promise<number> {
  const favourites = await findFavourites(db, projectId);
  if (!favourites) throw new Error(`project '${projectId}' has no favourites row`);
  return favourites.version;
}

/**
 * Record a new tools/list of a server already in the catalog as the project's next revision,
 * so Impact judges a description fix like a favourites change. Call it in the transaction that
 * stores the new catalog version, with the project row locked, and only when the tools changed.
 */
export async function recordCatalogRevision(
  db: Db,
  change: { projectId: string; surface: SurfaceConfig; catalog: CatalogRevisionChange; via: string },
): Promise<number> {
  return recordSurfaceRevision(db, {
    projectId: change.projectId,
    at: new Date(),
    surface: change.surface,
    changed: ['catalog'],
    via: change.via,
    catalog: [change.catalog],
  });
}

/**
 * Each project's revision timeline, cached by the revision in force (which ingest reads under
 * the project's share lock) and the project's creation time (a project deleted and made again
 * starts over at revision 1): a new revision gives a new key, so an entry is never stale.
 */
export class RevisionTimelines {
  private readonly byProject = new BoundedMap<string, { key: string; timeline: RevisionTimeline }>(256);

  async get(db: Db, project: { id: string; surfaceRevision: number; createdAt: number }): Promise<RevisionTimeline> {
    const key = `${project.surfaceRevision}|${project.createdAt}`;
    const hit = this.byProject.get(project.id);
    if (hit && hit.key === key) return hit.timeline;
    const timeline = new RevisionTimeline(await revisionPoints(db, project.id));
    this.byProject.set(project.id, { key, timeline });
    return timeline;
  }
}
