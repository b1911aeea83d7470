/** How one ordered favourites list became another, in the terms of a history entry. */
export interface ListDiff {
  /** Pinned, with the 1-based position each took. */
  added: { tool: string; at: number }[];
  /** Unpinned, with the 1-based position each had. */
  removed: { tool: string; was: number }[];
  /**
   * Kept tools that changed place among the kept ones, from → to (1-based). The fewest that
   * explain the new order: tools that only shifted because others came or went are not moves.
   */
  moved: { tool: string; from: number; to: number }[];
}

export function diffLists(before: readonly string[], after: readonly string[]): ListDiff {
  const was = new Map(before.map((tool, i) => [tool, i]));
  const now = new Map(after.map((tool, i) => [tool, i]));
  const added = after.flatMap((tool, i) => (was.has(tool) ? [] : [{ tool, at: i + 1 }]));
  const removed = before.flatMap((tool, i) => (now.has(tool) ? [] : [{ tool, was: i + 1 }]));
  const kept = after.filter((tool) => was.has(tool));
  const staying = longestIncreasing(kept.map((tool) => was.get(tool) ?? 0));
  const moved = kept.flatMap((tool, i) => (staying.has(i) ? [] : [{ tool, from: (was.get(tool) ?? 0) + 1, to: (now.get(tool) ?? 0) + 1 }]));
  return { added, removed, moved };
}

/** The indexes of one longest strictly increasing subsequence (patience sorting, O(n log n)). */
function longestIncreasing(values: readonly number[]): Set<number> {
  const tails: number[] = [];
  const previous = new Array<number>(values.length).fill(-1);
  values.forEach((value, i) => {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((values[tails[mid] ?? 0] ?? 0) < value) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) previous[i] = tails[lo - 1] ?? -1;
    tails[lo] = i;
  });
  const keep = new Set<number>();
  for (let i = tails.at(-1) ?? -1; i >= 0; i = previous[i] ?? -1) keep.add(i);
  return keep;
}
