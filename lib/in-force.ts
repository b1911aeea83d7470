import { itemAt } from '@/lib/arrays';

/**
 * The entry in force at `timestamp` in a list sorted by start: the last one that started at or
 * before it, or the first when it is earlier than every start (events may predate the history).
 * Undefined only for an empty list.
 */
export function inForceAt<T>(list: readonly T[], timestamp: number, startOf: (entry: T) => number): T | undefined {
  if (list.length === 0) return undefined;
  // 0 <= lo <= hi < list.length throughout.
  let lo = 0;
  let hi = list.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (startOf(itemAt(list, mid)) <= timestamp) lo = mid;
    else hi = mid - 1;
  }
  return list[lo];
}
