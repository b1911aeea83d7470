import { ratio, type RankedTool } from './rank';
import type { Coverage } from '@/lib/contracts/usage';
import { itemAt } from '@/lib/arrays';
export type { Coverage } from '@/lib/contracts/usage';

export interface CoveragePoint {
  k: number;
  /** Share of the attributed calls the top-k tools take. */
  share: number;
}

export interface PinnedUsage {
  tool: string;
  calls: number;
  /** Its place in the ranking; null when it had no calls in the window. */
  rank: number | null;
}

export function coverage(ranked: readonly RankedTool[], favourites: readonly string[], maxFavourites: number): Coverage {
  const byTool = new Map(ranked.map((r) => [r.tool, r]));
  const attributed = ranked.reduce((sum, r) => sum + r.calls, 0);
  const pinned = favourites.map((tool) => {
    const row = byTool.get(tool);
    return { tool, calls: row?.calls ?? 0, rank: row?.rank ?? null };
  });
  const calls = pinned.reduce((sum, p) => sum + p.calls, 0);
  const curve = ranked.map((r) => ({ k: r.rank, share: r.cumulativeShare }));
  // maxFavourites is at least 1 (favouriteIndexSchema), so the index is in range.
  const atMax = curve.length === 0 ? 0 : itemAt(curve, Math.min(maxFavourites, curve.length) - 1).share;
  return { share: ratio(calls, attributed), calls, attributed, curve, atMaxFavourites: atMax, pinned };
}
