import { countOf } from '@/lib/format';
import type { FavouriteIndex } from '@/lib/schemas/favourites';
import type { ChangeSummary } from '@/lib/contracts/favourites';
export type { ChangeSummary } from '@/lib/contracts/favourites';

export function summariseChange(before: FavouriteIndex | null, after: FavouriteIndex): ChangeSummary {
  const previous = before?.tools ?? [];
  const kept = new Set(after.tools);
  const was = new Set(previous);
  const added = after.tools.filter((t) => !was.has(t));
  const removed = previous.filter((t) => !kept.has(t));
  const keptBefore = previous.filter((t) => kept.has(t));
  const keptAfter = after.tools.filter((t) => was.has(t));
  const summary: ChangeSummary = { added, removed, reordered: keptBefore.join('\n') !== keptAfter.join('\n') };
  if (before && before.enabled !== after.enabled) summary.enabled = { from: before.enabled, to: after.enabled };
  if (before && before.maxFavourites !== after.maxFavourites) {
    summary.maxFavourites = { from: before.maxFavourites, to: after.maxFavourites };
  }
  return summary;
}

/** One line for a timeline: "pinned a, b · unpinned c · reordered · maxFavourites 15 → 12". */
export function describeChange(before: FavouriteIndex | null, after: FavouriteIndex): string {
  if (!before) return `created with ${countOf(after.tools.length, 'favourite')}, maxFavourites ${after.maxFavourites}`;
  const s = summariseChange(before, after);
  const parts: string[] = [];
  if (s.added.length) parts.push(`pinned ${s.added.join(', ')}`);
  if (s.removed.length) parts.push(`unpinned ${s.removed.join(', ')}`);
  if (s.reordered) parts.push('reordered');
  if (s.enabled) parts.push(s.enabled.to ? 'enabled' : 'disabled');
  if (s.maxFavourites) parts.push(`maxFavourites ${s.maxFavourites.from} → ${s.maxFavourites.to}`);
  return parts.join(' · ') || 'no change';
}
