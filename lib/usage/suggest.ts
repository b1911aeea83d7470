import type { FavouriteIndex } from '@/lib/schemas/favourites';
import type { RankedTool } from './rank';
import type { SuggestedTool } from '@/lib/contracts/suggestions';
export type { SuggestedTool } from '@/lib/contracts/suggestions';

export interface FavouritesSuggestion {
  /** The top tools, in rank order. */
  suggested: SuggestedTool[];
  /** Suggested but not pinned now, in rank order. */
  add: string[];
  /** Pinned now but not suggested, in favourites order. */
  remove: string[];
  /** The favourite index that applying the suggestion gives. */
  favouriteIndex: FavouriteIndex;
}

/**
 * Suggest the top `top` tools as the favourites (§usage). The suggested index lists them in
 * rank order, so the most used comes first; it raises maxFavourites if `top` needs it, and
 * leaves `enabled` as it is. A window without attributed calls suggests nothing: it keeps the
 * current favourites rather than advise unpinning everything for lack of data.
 */
export function suggestFavourites(ranked: readonly RankedTool[], current: FavouriteIndex, top: number): FavouritesSuggestion {
  if (ranked.length === 0) {
    return {
      suggested: [],
      add: [],
      remove: [],
      favouriteIndex: { enabled: current.enabled, maxFavourites: current.maxFavourites, tools: [...current.tools] },
    };
  }
  const pinned = new Set(current.tools);
  const suggested = ranked.slice(0, top).map((r) => ({
    tool: r.tool,
    calls: r.calls,
    share: r.share,
    pinned: pinned.has(r.tool),
    inCatalog: r.inCatalog,
  }));
  const chosen = new Set(suggested.map((s) => s.tool));
  return {
    suggested,
    add: suggested.filter((s) => !s.pinned).map((s) => s.tool),
    remove: current.tools.filter((t) => !chosen.has(t)),
    favouriteIndex: {
      enabled: current.enabled,
      maxFavourites: Math.max(current.maxFavourites, suggested.length),
      tools: suggested.map((s) => s.tool),
    },
  };
}
