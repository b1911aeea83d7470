import { inForceAt } from '@/lib/in-force';

export interface FavouritesVersion {
  version: number;
  /** Epoch milliseconds from which this version was in force. */
  since: number;
  tools: readonly string[];
}

/**
 * The favourites versions of a project in time order, answering "which favourites were in
 * force at t". Before the first version the first one applies: it is the state the project
 * was created with, and events may be backfilled from before that.
 */
export class FavouritesTimeline {
  private readonly versions: FavouritesVersion[];

  constructor(versions: readonly FavouritesVersion[]) {
    this.versions = [...versions].sort((a, b) => a.since - b.since || a.version - b.version);
  }

  get latestVersion(): number {
    return this.versions.at(-1)?.version ?? 0;
  }

  at(timestamp: number): FavouritesVersion | null {
    return inForceAt(this.versions, timestamp, (v) => v.since) ?? null;
  }

  /** Consecutive [from, to) periods, each with the version in force during it. */
  periods(): { from: number; to: number; version: FavouritesVersion }[] {
    return this.versions.map((version, i) => ({
      from: i === 0 ? Number.NEGATIVE_INFINITY : version.since,
      to: this.versions[i + 1]?.since ?? Number.POSITIVE_INFINITY,
      version,
    }));
  }
}
