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
    const list = this.versions;
    const [first] = list;
    if (!first) return null;
    if (timestamp < first.since) return first;
    // 0 <= lo <= mid <= hi < list.length throughout.
    let lo = 0;
    let hi = list.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (list[mid]!.since <= timestamp) lo = mid;
      else hi = mid - 1;
    }
    return list[lo]!;
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
