import type { Db } from '@/db/client';
import { favouriteChangesOf } from '@/db/queries/favourites';
import { revisionTotals, sessionCells } from '@/db/queries/impact/session-cells';
import { findSurfaceRevision, latestSurfaceRevisions, revisionOfFavouritesVersion, type SurfaceRevisionRow } from '@/db/queries/surface-revisions';
import type { ImpactComparison, ImpactReport, SurfaceRevisionView } from '@/lib/contracts/impact';
import { ApiError } from '@/lib/errors';
import { describeChange } from '@/lib/favourites/change-summary';
import { compareSessions } from '@/lib/impact/compare';
import { describeRevision, type RevisionChange } from '@/lib/impact/revisions';
import { IMPACT_SETTINGS } from '@/lib/impact/settings';
import { MAX_LISTED_REVISIONS } from '@/lib/limits';
import type { ImpactQuery } from '@/lib/schemas/impact';
import type { SurfaceMode } from '@/lib/schemas/surface-config';
import { seedOf } from '@/lib/stats/random';
import { requireProject } from '@/server/projects/project-locks';
import { impactReach } from './reach';

const DAY_MS = 86_400_000;

function revisionNotFound(what: string): ApiError {
  return new ApiError('REVISION_NOT_FOUND', `the project has no ${what}`, {
    suggestedAction: 'pick a revision from `revisions` in GET /api/projects/{id}/impact, or a version from the favourites history',
    citedRule: '§impact',
  });
}

function badParameter(message: string): ApiError {
  return new ApiError('INVALID_PARAMETER', message, { suggestedAction: 'fix the query parameters named in the message', citedRule: '§impact' });
}

/** One line per revision; the revisions just before those asked about are read too, for what changed. */
async function describeRevisions(db: Db, projectId: string, rows: readonly SurfaceRevisionRow[]): Promise<Map<number, string>> {
  const have = new Set(rows.map((r) => r.revision));
  const missing = [...new Set(rows.map((r) => r.revision - 1))].filter((n) => n >= 1 && !have.has(n));
  const previous = await Promise.all(missing.map((n) => findSurfaceRevision(db, projectId, n)));
  const all = [...rows, ...previous.filter((r): r is SurfaceRevisionRow => r !== null)];
  const versions = all.filter((r) => r.changed.includes('favourites')).map((r) => r.favouritesVersion);
  const changes = new Map((await favouriteChangesOf(db, projectId, versions)).map((c) => [c.version, describeChange(c.before, c.after)]));
  const byNumber = new Map(all.map((r) => [r.revision, r]));
  return new Map(
    rows.map((row) => [row.revision, describeRevision({ ...row, favourites: changes.get(row.favouritesVersion) }, byNumber.get(row.revision - 1) ?? null)]),
  );
}

/** The revision a query asks about: by number, by the favourites version it brought in, else the latest. */
async function targetRevision(db: Db, projectId: string, current: number, query: ImpactQuery): Promise<SurfaceRevisionRow> {
  if (query.revision !== undefined && query.favouritesVersion !== undefined) throw badParameter('give revision or favouritesVersion, not both');
  let revision = query.revision ?? current;
  if (query.favouritesVersion !== undefined) {
    const found = await revisionOfFavouritesVersion(db, projectId, query.favouritesVersion);
    if (found === null) throw revisionNotFound(`favourites version ${query.favouritesVersion}`);
    revision = found;
  }
  const row = await findSurfaceRevision(db, projectId, revision);
  if (!row) throw revisionNotFound(`surface revision ${revision}`);
  return row;
}

async function compareRevision(
  db: Db,
  project: { id: string; retentionDays: number | null },
  target: SurfaceRevisionRow,
  query: ImpactQuery,
  description: string,
): Promise<ImpactComparison> {
  const projectId = project.id;
  const baselineNumber = query.baseline ?? target.revision - 1;
  if (baselineNumber >= target.revision) throw badParameter(`baseline must be an earlier revision than ${target.revision}`);
  // The baseline's sessions are judged around its end: when the revision after it took effect.
  const [baseline, end] = await Promise.all([findSurfaceRevision(db, projectId, baselineNumber), findSurfaceRevision(db, projectId, baselineNumber + 1)]);
  if (!baseline || !end) throw revisionNotFound(`surface revision ${baselineNumber}`);
  const span = query.window * DAY_MS;
  const around = (at: Date) => ({ from: new Date(at.getTime() - span), to: new Date(at.getTime() + span) });
  const before = around(end.at);
  const after = around(target.at);
  const seed = seedOf(projectId, target.revision, baseline.revision, query.window);
  const [beforeCells, afterCells, reach] = await Promise.all([
    sessionCells(db, projectId, baseline.revision, before.from, before.to),
    sessionCells(db, projectId, target.revision, after.from, after.to),
    impactReach(db, projectId, { baseline, target, before, after, retentionDays: project.retentionDays, seed }),
  ]);
  const segments = compareSessions(beforeCells, afterCells, { ...IMPACT_SETTINGS, seed });
  return {
    revision: target.revision,
    baseline: baseline.revision,
    description,
    at: target.at.toISOString(),
    before: { revision: baseline.revision, from: before.from.toISOString(), to: before.to.toISOString() },
    after: { revision: target.revision, from: after.from.toISOString(), to: after.to.toISOString() },
    minSessions: IMPACT_SETTINGS.minSessions,
    replicates: IMPACT_SETTINGS.replicates,
    confidence: IMPACT_SETTINGS.confidence,
    segments,
    reach,
  };
}

/**
 * The project's surface revisions with their calls, and one change judged (§impact): the
 * sessions of a revision against those of its baseline, around when each took effect, with
 * bootstrap intervals per measure for every session and each model, client and mode.
 */
export async function impactReport(db: Db, projectId: string, query: ImpactQuery): Promise<ImpactReport> {
  const project = await requireProject(db, projectId);
  const target = await targetRevision(db, projectId, project.surfaceRevision, query);
  const listed = await latestSurfaceRevisions(db, projectId, MAX_LISTED_REVISIONS);
  const [descriptions, totals] = await Promise.all([
    describeRevisions(db, projectId, listed.some((r) => r.revision === target.revision) ? listed : [target, ...listed]),
    revisionTotals(db, projectId, listed[0]?.revision ?? 1),
  ]);
  const totalsOf = new Map(totals.map((t) => [t.revision, t]));
  const revisions: SurfaceRevisionView[] = listed.map((row) => {
    const t = totalsOf.get(row.revision);
    return {
      revision: row.revision,
      at: row.at.toISOString(),
      favouritesVersion: row.favouritesVersion,
      // Sound: written only through recordSurfaceRevision, from a parsed SurfaceConfig's mode.
      mode: row.mode as SurfaceMode,
      naming: row.naming,
      // Sound: written only through recordSurfaceRevision, which takes RevisionChange[].
      changed: row.changed as RevisionChange[],
      via: row.via,
      description: descriptions.get(row.revision) ?? '',
      totals: {
        sessions: t?.sessions ?? 0,
        calls: t?.calls ?? 0,
        errors: t?.errors ?? 0,
        favouriteCalls: t?.favouriteCalls ?? 0,
        metaCalls: t?.metaCalls ?? 0,
        unresolvedCalls: t?.unresolvedCalls ?? 0,
        offCatalogCalls: t?.offCatalogCalls ?? 0,
      },
    };
  });
  const comparison = target.revision > 1 ? await compareRevision(db, project, target, query, descriptions.get(target.revision) ?? '') : null;
  return { project: projectId, currentRevision: project.surfaceRevision, revisions, comparison };
}
