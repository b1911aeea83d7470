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
  unresolved: readonly UnresolvedUsage[];
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
    unresolved: [...input.unresolved],
    breakdown: usageBreakdown(input.segments),
  };
}
