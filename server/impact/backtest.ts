import type { Db } from '@/db/client';
import { firstCallDay, pinnedHistory, toolDays } from '@/db/queries/impact/tool-days';
import type { BacktestReport } from '@/lib/contracts/backtest';
import { backtest, weeksOfCalls } from '@/lib/impact/backtest';
import { MAX_BACKTEST_WEEKS, MAX_FAVOURITES_LIMIT } from '@/lib/limits';
import type { BacktestQuery } from '@/lib/schemas/impact';
import { getFavourites } from '@/server/favourites/favourites';

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * How many favourites, and how often to refresh them (§impact): the suggestion rule, the
 * pinned favourites and the best possible K, scored on each of the last weeks from the
 * per-tool rollup. Without `weeks`, as many weeks as the calls reach back.
 */
export async function backtestReport(db: Db, projectId: string, query: BacktestQuery): Promise<BacktestReport> {
  const favourites = await getFavourites(db, projectId);
  const until = query.until ?? new Date();
  const last = Math.floor(until.getTime() / DAY_MS) * DAY_MS;
  const withCalls = weeksOfCalls(await firstCallDay(db, projectId, isoDay(last)), until, MAX_BACKTEST_WEEKS);
  const weeks = query.weeks ?? withCalls;
  const first = last - (weeks * 7 - 1 + query.train) * DAY_MS;
  const [days, history] = await Promise.all([toolDays(db, projectId, isoDay(first), isoDay(last)), pinnedHistory(db, projectId)]);
  const k = query.k ?? favourites.maxFavourites;
  const tools = new Set(days.map((d) => d.tool)).size;
  return backtest({
    project: projectId,
    until,
    weeks,
    weeksOfCalls: withCalls,
    trainDays: query.train,
    k,
    maxK: Math.min(MAX_FAVOURITES_LIMIT, Math.max(k, tools)),
    toolDays: days,
    history,
  });
}
