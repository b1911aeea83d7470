import type { Db } from '@/db/client';
import { insertSurfaceRevision, revisionPoints } from '@/db/queries/surface-revisions';
import { BoundedMap } from '@/lib/bounded-map';
import { namingOf, type RevisionChange, RevisionTimeline } from '@/lib/impact/revisions';
import type { SurfaceConfig } from '@/lib/schemas/surface-config';

/**
 * Record a change of what the project's proxies present as its next surface revision
 * (§impact). Call it in the transaction that makes the change, with the project row locked.
 */
export async function recordSurfaceRevision(
  db: Db,
  change: { projectId: string; at: Date; favouritesVersion: number; surface: SurfaceConfig; changed: RevisionChange[]; via: string },
): Promise<number> {
  return insertSurfaceRevision(db, {
    projectId: change.projectId,
    at: change.at,
    favouritesVersion: change.favouritesVersion,
    mode: change.surface.mode,
    naming: namingOf(change.surface),
    changed: change.changed,
    via: change.via,
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
