import type { FavouriteIndex } from '@/lib/schemas/favourites';
import { coverage, type Coverage } from './coverage';
import { rankTools, type RankedTool, type ToolUsage } from './rank';
import { dailySeries, type NamespaceDayCalls, type SeriesDay, type UsageTotals } from './series';
import { windowDays, type UsageWindow } from './window';

export interface UnresolvedUsage {
  name: string;
  calls: number;
  lastUsed: string;
  reason: string | null;
}

/** The response of GET /api/projects/:id/usage (§usage). */
export interface UsageReport {
  project: string;
  window: UsageWindow;
  status: 'all' | 'ok';
  /** How `sessions` is counted: distinct sessions per UTC day, summed over the window's days. */
  sessionCounting: 'per-day';
  totals: UsageTotals & { tools: number };
  /** Ranked tools (the first `top` of them when asked); `totals.tools` says how many there are. */
  rows: RankedTool[];
  series: SeriesDay[];
  favourites: FavouriteIndex & { version: number };
  coverage: Coverage;
  unresolved: UnresolvedUsage[];
}

export interface UsageReportInput {
  project: string;
  window: UsageWindow;
  status: 'all' | 'ok';
  top?: number;
  usage: readonly ToolUsage[];
  namespaceDays: readonly NamespaceDayCalls[];
  unresolved: readonly UnresolvedUsage[];
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
  };
}
