import type { FavouriteIndex } from '@/lib/schemas/favourites';
import { kept } from '@/lib/kept';
import type { DeniedTo } from '@/lib/policy/denied-to';
import type { RankedTool } from './rank';
import type { SuggestedTool, WithheldTool } from '@/lib/contracts/suggestions';
export type { SuggestedTool, WithheldTool } from '@/lib/contracts/suggestions';

export interface FavouritesSuggestion {
  /** The top tools, in rank order. */
  suggested: SuggestedTool[];
  /** Suggested but not pinned now, in rank order. */
  add: string[];
  /** Pinned now but not suggested, in favourites order. */
  remove: string[];
  /** The favourite index that applying the suggestion gives. */
  favouriteIndex: FavouriteIndex;
  /** Used or refused, but denied to every identity by the policy: never suggested. */
  withheld: WithheldTool[];
}

/** What the tool policy says of the ranked tools (§policy). */
export interface SuggestionPolicy {
  /** Calls a proxy refused by the policy, per tool: already taken out of the ranking's calls. */
  refusals: ReadonlyMap<string, number>;
  deniedTo(tool: string): DeniedTo;
}

const NO_POLICY: SuggestionPolicy = { refusals: new Map(), deniedTo: () => ({ identities: [], everyone: false }) };

/**
 * Suggest the top `top` tools as the favourites (§usage). The suggested index lists them in
 * rank order, so the most used comes first; it raises maxFavourites if `top` needs it, and
 * leaves `enabled` as it is. A tool the policy denies to every identity is withheld, as no
 * session could be shown it; one denied to some is suggested with whom it is denied to. A
 * window without attributed calls suggests nothing: it keeps the current favourites rather than
 * advise unpinning everything for lack of data.
 */
export function suggestFavourites(ranked: readonly RankedTool[], current: FavouriteIndex, top: number, policy = NO_POLICY): FavouritesSuggestion {
  const denied = new Map<string, DeniedTo>();
  const deniedTo = (tool: string) => kept(denied, tool, () => policy.deniedTo(tool));
  const refusals = (tool: string) => policy.refusals.get(tool) ?? 0;
  const withheld = withheldTools(ranked, policy.refusals, deniedTo);
  const allowed = ranked.filter((r) => !deniedTo(r.tool).everyone);
  if (allowed.length === 0) {
    return {
      suggested: [],
      add: [],
      remove: [],
      favouriteIndex: { enabled: current.enabled, maxFavourites: current.maxFavourites, tools: [...current.tools] },
      withheld,
    };
  }
  const pinned = new Set(current.tools);
  const suggested = allowed.slice(0, top).map((r) => ({
    tool: r.tool,
    calls: r.calls,
    share: r.share,
    pinned: pinned.has(r.tool),
    inCatalog: r.inCatalog,
    refusals: refusals(r.tool),
    deniedTo: deniedTo(r.tool).identities,
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
    withheld,
  };
}

/** The tools denied to everyone that were used (in rank order) or only refused (most refused first). */
function withheldTools(ranked: readonly RankedTool[], refusals: ReadonlyMap<string, number>, deniedTo: (tool: string) => DeniedTo): WithheldTool[] {
  const used = ranked.filter((r) => deniedTo(r.tool).everyone).map((r) => ({ tool: r.tool, calls: r.calls, refusals: refusals.get(r.tool) ?? 0 }));
  const listed = new Set(ranked.map((r) => r.tool));
  const refusedOnly = [...refusals]
    .filter(([tool, n]) => n > 0 && !listed.has(tool) && deniedTo(tool).everyone)
    .map(([tool, n]) => ({ tool, calls: 0, refusals: n }))
    .sort((a, b) => b.refusals - a.refusals || (a.tool < b.tool ? -1 : a.tool > b.tool ? 1 : 0));
  return [...used, ...refusedOnly];
}
