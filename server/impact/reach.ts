import type { Db } from '@/db/client';
import { favouriteChangesOf } from '@/db/queries/favourites';
import { type ReachWindow, reachPopulation, reachSample } from '@/db/queries/impact/reach-sample';
import type { SurfaceRevisionRow } from '@/db/queries/surface-revisions';
import type { ImpactReach } from '@/lib/contracts/impact';
import { compareReach, type ReachSide, sampleQuotas } from '@/lib/impact/reach';
import { IMPACT_SETTINGS } from '@/lib/impact/settings';
import { REACH_SAMPLE_CALLS, REACH_SAMPLE_SESSIONS } from '@/lib/limits';
import { retentionCutoff } from '@/lib/retention';

interface ReachInput {
  baseline: SurfaceRevisionRow;
  target: SurfaceRevisionRow;
  before: { from: Date; to: Date };
  after: { from: Date; to: Date };
  retentionDays: number | null;
  seed: number;
}

/** The favourites in force under each favourites version; none while favourites are off. */
async function favouritesOf(db: Db, projectId: string, versions: readonly number[]): Promise<Map<number, Set<string>>> {
  const changes = await favouriteChangesOf(db, projectId, versions);
  return new Map(changes.map((c) => [c.version, new Set(c.after.enabled === false ? [] : c.after.tools)]));
}

async function sideOf(db: Db, projectId: string, window: ReachWindow, favourites: Set<string>, seed: number): Promise<ReachSide> {
  const population = await reachPopulation(db, projectId, window);
  const sample = await reachSample(db, projectId, window, sampleQuotas(population, REACH_SAMPLE_SESSIONS, REACH_SAMPLE_CALLS), seed);
  return { population, sample, favourites };
}

/**
 * Which sessions used the tools a change loaded or deferred, and any loaded or deferred tool,
 * before and after it (§impact). Read from the raw events of a bounded, seeded sample of each
 * side's sessions rather than kept at ingest: ingest stays as fast as it is, a name resolved
 * later and a crash mid-batch need nothing of their own, and /impact reads at most
 * REACH_SAMPLE_CALLS events a side. Sessions whose events the retention deleted are left out.
 */
export async function impactReach(db: Db, projectId: string, input: ReachInput): Promise<ImpactReach> {
  const cutoff = input.retentionDays === null ? null : retentionCutoff(input.retentionDays, Date.now());
  // Said only when it leaves sessions out: a retention longer than the windows cuts nothing.
  const since = cutoff && cutoff > input.before.from ? cutoff : null;
  const favourites = await favouritesOf(db, projectId, [input.baseline.favouritesVersion, input.target.favouritesVersion]);
  const of = (row: SurfaceRevisionRow) => favourites.get(row.favouritesVersion) ?? new Set<string>();
  const [fBefore, fAfter] = [of(input.baseline), of(input.target)];
  const [before, after] = await Promise.all([
    sideOf(db, projectId, { revision: input.baseline.revision, ...input.before, since }, fBefore, input.seed),
    sideOf(db, projectId, { revision: input.target.revision, ...input.after, since }, fAfter, input.seed),
  ]);
  const change = { loaded: [...fAfter].filter((t) => !fBefore.has(t)), deferred: [...fBefore].filter((t) => !fAfter.has(t)) };
  return {
    ...compareReach(before, after, change, { ...IMPACT_SETTINGS, seed: input.seed }),
    sample: { maxSessions: REACH_SAMPLE_SESSIONS, maxCalls: REACH_SAMPLE_CALLS },
    since: since?.toISOString() ?? null,
  };
}
