import { inForceAt } from '@/lib/in-force';
import type { SurfaceConfig, SurfaceMode } from '@/lib/schemas/surface-config';
import { stableStringify } from '@/lib/stable-json';
import { modeNameOf } from '@/lib/surface/mode-traits';

/**
 * Surface revisions (§impact): every change of what a proxy presents (the favourites, the
 * surface mode, the naming, any other surface setting, the tools of a server already in the
 * catalog, the tool policy, the routers) is the next revision of the project, so a change of descriptions is judged like a
 * change of favourites.
 */
export const REVISION_CHANGES = ['created', 'favourites', 'mode', 'naming', 'surface', 'catalog', 'policy', 'routers'] as const;
export type RevisionChange = (typeof REVISION_CHANGES)[number];

/** A server whose tools a catalog revision changed, and the catalog version it brought in (its diff is stored there). */
export interface CatalogRevisionChange {
  server: string;
  version: number;
}

/** The naming scheme of a surface config; configs written before naming existed use slash names. */
export function namingOf(surface: SurfaceConfig): string {
  // Configs stored before naming existed lack it, though SurfaceConfig (after its default) says otherwise.
  return (surface as SurfaceConfig & { naming?: string }).naming ?? 'slash';
}

/** What a surface update changed, as revision changes; empty when it changed nothing. */
export function surfaceChanges(before: SurfaceConfig, after: SurfaceConfig): RevisionChange[] {
  const changed: RevisionChange[] = [];
  if (before.mode !== after.mode) changed.push('mode');
  if (namingOf(before) !== namingOf(after)) changed.push('naming');
  const { mode: _m1, naming: _n1, ...restBefore } = before;
  const { mode: _m2, naming: _n2, ...restAfter } = after;
  if (stableStringify(restBefore) !== stableStringify(restAfter)) changed.push('surface');
  return changed;
}

export interface RevisionPoint {
  revision: number;
  /** Epoch milliseconds from which it was in force. */
  at: number;
  mode: SurfaceMode;
}

/**
 * A project's revisions in time order, answering "which revision was in force at t". Before the
 * first one the first applies (events may be backfilled from before the project existed).
 */
export class RevisionTimeline {
  private readonly points: RevisionPoint[];
  private readonly byNumber: Map<number, RevisionPoint>;

  constructor(points: readonly RevisionPoint[]) {
    if (points.length === 0) throw new Error('a project has at least one surface revision');
    this.points = [...points].sort((a, b) => a.at - b.at || a.revision - b.revision);
    this.byNumber = new Map(points.map((p) => [p.revision, p]));
  }

  get latest(): number {
    return Math.max(...this.byNumber.keys());
  }

  at(timestamp: number): RevisionPoint {
    // biome-ignore lint/style/noNonNullAssertion: the constructor refuses an empty list, and inForceAt is undefined only for one.
    return inForceAt(this.points, timestamp, (p) => p.at)!;
  }

  /**
   * The revision and mode an event was made under: the revision it names when the project has
   * it (a proxy copies it from the surface it presented), else the one in force at its time;
   * the mode it names, else that revision's.
   */
  resolve(event: { surfaceRevision?: number | null; mode?: SurfaceMode | null; at: number }): { revision: number; mode: SurfaceMode } {
    const named = event.surfaceRevision == null ? undefined : this.byNumber.get(event.surfaceRevision);
    const point = named ?? this.at(event.at);
    return { revision: point.revision, mode: event.mode ?? point.mode };
  }
}

export interface RevisionFacts {
  changed: readonly string[];
  mode: string;
  naming: string;
  /** The favourites change it made, in one line (describeChange), when it made one. */
  favourites?: string;
  /** The servers a catalog change touched. */
  catalog?: readonly CatalogRevisionChange[] | null;
}

/** One line for a revision: "favourites: pinned a · mode lazy → favourites first". */
export function describeRevision(revision: RevisionFacts, previous: RevisionFacts | null): string {
  if (!previous || revision.changed.includes('created')) return `created in mode ${modeNameOf(revision.mode)}`;
  const parts: string[] = [];
  if (revision.changed.includes('favourites')) parts.push(`favourites: ${revision.favourites ?? 'changed'}`);
  if (revision.changed.includes('mode')) parts.push(`mode ${modeNameOf(previous.mode)} → ${modeNameOf(revision.mode)}`);
  if (revision.changed.includes('naming')) parts.push(`naming ${previous.naming} → ${revision.naming}`);
  if (revision.changed.includes('surface')) parts.push('other surface settings');
  if (revision.changed.includes('catalog')) {
    const servers = revision.catalog ?? [];
    parts.push(`catalog: ${servers.length > 0 ? servers.map((c) => c.server).join(', ') : 'tools'} changed`);
  }
  if (revision.changed.includes('policy')) parts.push('tool policy changed');
  if (revision.changed.includes('routers')) parts.push('routers changed');
  return parts.join(' · ') || 'no change';
}
