import type { FavouriteIndex } from '@/lib/schemas/favourites';
import { type SegmentUsage, usageBreakdown } from './breakdown';
import { coverage } from './coverage';
import { rankTools, type ToolUsage } from './rank';
import { dailySeries, type NamespaceDayCalls } from './series';
import { windowDays, type UsageWindow } from './window';
import type { UnresolvedUsage } from '@/lib/contracts/usage';
import type { UsageReport } from '@/lib/contracts/usage';
export type { UsageReport } from '@/lib/contracts/usage';
export type { UnresolvedUsage } from '@/lib/contracts/usage';

export interface UsageReportInput {
  project: string;
  window: UsageWindow;
  status: 'all' | 'ok';
  top?: number;
  usage: readonly ToolUsage[];
  namespaceDays: readonly NamespaceDayCalls[];
  /** The most called unresolved names, and how many names the window has besides (db/queries/usage/unresolved-names.ts). */
  unresolved: { listed: readonly UnresolvedUsage[]; ownNames: number; restNames: number };
  segments: readonly SegmentUsage[];
  favourites: FavouriteIndex & { version: number };
  catalog: { has(tool: string): boolean };
}

export function buildUsageReport(input: UsageReportInput): UsageReport {
  const { favourites } = input;
  const ranked = rankTools(input.usage, { pinned: new Set(favourites.tools), catalog: input.catalog });
  const { series, totals } = dailySeries(windowDays(input.window), input.namespaceDays);
  return {
    project: input.project,
    window: input.window,
    status: input.status,
    sessionCounting: 'per-day',
    totals: { ...totals, tools: ranked.length },
    rows: input.top === undefined ? ranked : ranked.slice(0, input.top),
    series,
    favourites: { enabled: favourites.enabled, maxFavourites: favourites.maxFavourites, tools: favourites.tools, version: favourites.version },
    coverage: coverage(ranked, favourites.tools, favourites.maxFavourites),
    unresolved: [...input.unresolved.listed],
    unresolvedOthers: unresolvedOthers(input.unresolved, totals.unresolved),
    breakdown: usageBreakdown(input.segments),
  };
}

/**
 * What the unresolved list leaves out: the names not listed, and their calls, which are the
 * window's unresolved calls less the listed ones, so the list and this always add up to the
 * total. A name counted in a day's rest counts once per such day.
 */
function unresolvedOthers(unresolved: UsageReportInput['unresolved'], total: number): { names: number; calls: number } {
  const listedCalls = unresolved.listed.reduce((sum, n) => sum + n.calls, 0);
  return {
    names: Math.max(0, unresolved.ownNames - unresolved.listed.length) + unresolved.restNames,
    calls: Math.max(0, total - listedCalls),
  };
}
