import type { BacktestReport, BacktestWeek } from '@/lib/contracts/backtest';
import { FavouritesTimeline } from '@/lib/names/favourites-timeline';
import { compareUsage, type ToolUsage } from '@/lib/usage/rank';
import { itemAt } from '@/lib/arrays';

const DAY_MS = 86_400_000;
/** Shares of calls the recommendation says how many favourites it takes to catch. */
const COVERAGE_TARGETS = [0.5, 0.75, 0.9];

/** One tool's use on one UTC day, as the per-tool rollup holds it. */
export interface ToolDay {
  day: string;
  tool: string;
  calls: number;
  sessions: number;
  lastUsed: string | null;
}

export interface PinnedVersion {
  version: number;
  /** Epoch milliseconds from which it was in force. */
  since: number;
  tools: readonly string[];
  enabled: boolean;
}

export interface BacktestInput {
  project: string;
  /** The UTC day the last week ends with. */
  until: Date;
  weeks: number;
  /** How many weeks the calls reach back (weeksOfCalls), reported beside the weeks shown. */
  weeksOfCalls: number;
  trainDays: number;
  k: number;
  /** The largest K of the curve. */
  maxK: number;
  toolDays: readonly ToolDay[];
  history: readonly PinnedVersion[];
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * How many weeks, ending with the UTC day of `until`, it takes to reach back to the first day
 * with calls: the backtest's default, so it shows the weeks there is data for and no empty ones
 * before them. One week without any calls; never more than `max`.
 */
export function weeksOfCalls(firstCallDay: string | null, until: Date, max: number): number {
  if (firstCallDay === null) return 1;
  const lastDay = Math.floor(until.getTime() / DAY_MS) * DAY_MS;
  const days = Math.floor((lastDay - Date.parse(`${firstCallDay}T00:00:00Z`)) / DAY_MS) + 1;
  return Math.min(max, Math.max(1, Math.ceil(days / 7)));
}

/** Each tool's usage over [from, to] (ISO days, inclusive), ranked as the suggestion rule ranks. */
function rankedOver(days: readonly ToolDay[], from: string, to: string): ToolUsage[] {
  const byTool = new Map<string, ToolUsage>();
  for (const d of days) {
    if (d.day < from || d.day > to) continue;
    const u = byTool.get(d.tool) ?? { tool: d.tool, calls: 0, errors: 0, sessions: 0, lastUsed: null };
    u.calls += d.calls;
    u.sessions += d.sessions;
    if (d.lastUsed && (!u.lastUsed || d.lastUsed > u.lastUsed)) u.lastUsed = d.lastUsed;
    byTool.set(d.tool, u);
  }
  return [...byTool.values()].filter((u) => u.calls > 0).sort(compareUsage);
}

/** How many of a week's calls a set of tools catches, for the first 1…max of `ranked`. */
function caughtByTop(ranked: readonly string[], week: ReadonlyMap<string, number>, max: number): number[] {
  const out: number[] = [];
  let running = 0;
  for (let k = 1; k <= max; k++) {
    running += week.get(ranked[k - 1] ?? '') ?? 0;
    out.push(running);
  }
  return out;
}

const sum = (values: Iterable<number>) => {
  let total = 0;
  for (const v of values) total += v;
  return total;
};

interface Week {
  from: string;
  to: string;
  calls: Map<string, number>;
  total: number;
  /** The train window's ranking, tool names in order. */
  train: string[];
  /** The week's own ranking. */
  own: string[];
  start: number;
}

/**
 * The backtest (§impact): for each of the last `weeks` weeks, the favourites the suggestion
 * rule would have chosen from the `trainDays` before it, those actually pinned then, and the
 * week's own top K, with the share of the week's attributed calls each would have caught; the
 * same over every week for K = 1 … maxK; and what a suggestion still catches as it ages.
 */
export function backtest(input: BacktestInput): BacktestReport {
  const lastDay = Math.floor(input.until.getTime() / DAY_MS) * DAY_MS;
  const timeline = new FavouritesTimeline(input.history);
  const enabledOf = new Map(input.history.map((v) => [v.version, v.enabled]));
  const weeks: Week[] = Array.from({ length: input.weeks }, (_, i) => {
    const end = lastDay - (input.weeks - 1 - i) * 7 * DAY_MS;
    const start = end - 6 * DAY_MS;
    const own = rankedOver(input.toolDays, isoDay(start), isoDay(end));
    const train = rankedOver(input.toolDays, isoDay(start - input.trainDays * DAY_MS), isoDay(start - DAY_MS));
    const calls = new Map(own.map((u) => [u.tool, u.calls]));
    return { from: isoDay(start), to: isoDay(end), calls, total: sum(calls.values()), train: train.map((u) => u.tool), own: own.map((u) => u.tool), start };
  });

  const pick = (tools: readonly string[], week: Week) => {
    const caught = sum(tools.map((t) => week.calls.get(t) ?? 0));
    return { tools: [...tools], caught, share: week.total > 0 ? caught / week.total : null };
  };
  // A week is judged when it has calls and its train window had some: before that the rule
  // had nothing to rank, which says nothing about the rule.
  const judged = (week: Week) => week.total > 0 && week.train.length > 0;
  const rows: BacktestWeek[] = weeks.map((week) => {
    const pinned = timeline.at(week.start);
    const suggested = pick(week.train.slice(0, input.k), week);
    return {
      from: week.from,
      to: week.to,
      calls: week.total,
      suggested: week.train.length > 0 ? suggested : { ...suggested, share: null },
      pinned: { ...pick(pinned?.tools ?? [], week), version: pinned?.version ?? 0, enabled: pinned ? (enabledOf.get(pinned.version) ?? true) : false },
      best: pick(week.own.slice(0, input.k), week),
    };
  });

  const counted = rows.filter((_, i) => judged(itemAt(weeks, i)));
  const calls = sum(counted.map((r) => r.calls));
  const weighted = (part: (row: BacktestWeek) => number) => (calls > 0 ? sum(counted.map(part)) / calls : null);
  const summary = {
    suggested: weighted((r) => r.suggested.caught),
    pinned: weighted((r) => r.pinned.caught),
    best: weighted((r) => r.best.caught),
    calls,
  };

  const judgedWeeks = weeks.filter(judged);
  const suggestedCaught = judgedWeeks.map((w) => caughtByTop(w.train, w.calls, input.maxK));
  const bestCaught = judgedWeeks.map((w) => caughtByTop(w.own, w.calls, input.maxK));
  const curve = Array.from({ length: input.maxK }, (_, i) => ({
    k: i + 1,
    suggested: calls > 0 ? sum(suggestedCaught.map((c) => itemAt(c, i))) / calls : null,
    best: calls > 0 ? sum(bestCaught.map((c) => itemAt(c, i))) / calls : null,
  }));

  const refresh = Array.from({ length: input.weeks }, (_, i) => {
    const age = i + 1;
    let caught = 0;
    let total = 0;
    let pairs = 0;
    for (let j = 0; j + age - 1 < weeks.length; j++) {
      const made = itemAt(weeks, j);
      const later = itemAt(weeks, j + age - 1);
      if (later.total === 0 || made.train.length === 0) continue;
      caught += pick(made.train.slice(0, input.k), later).caught;
      total += later.total;
      pairs++;
    }
    return { ageWeeks: age, share: total > 0 ? caught / total : null, weeks: pairs };
  });

  return {
    project: input.project,
    k: input.k,
    trainDays: input.trainDays,
    weeksOfCalls: input.weeksOfCalls,
    weeks: rows,
    summary,
    curve,
    refresh,
    recommendation: recommend(input.trainDays, curve, refresh, input.k, summary),
  };
}

/** The answer to "how many favourites, and how often to refresh", from the curve and the ageing. */
function recommend(
  trainDays: number,
  curve: BacktestReport['curve'],
  refresh: BacktestReport['refresh'],
  k: number,
  summary: BacktestReport['summary'],
): BacktestReport['recommendation'] {
  if (summary.suggested === null) {
    return {
      k: null,
      refreshWeeks: null,
      targets: COVERAGE_TARGETS.map((share) => ({ share, k: null })),
      text: `No week has attributed calls both in it and in the ${trainDays} days before it yet: nothing to backtest.`,
    };
  }
  const at = (n: number) => curve[Math.min(n, curve.length) - 1]?.suggested ?? 0;
  const knee = curve.find((point) => at(point.k + 5) - at(point.k) < 0.02)?.k ?? curve.length;
  const fresh = refresh[0]?.share ?? null;
  let refreshWeeks: number | null = null;
  if (fresh !== null) {
    refreshWeeks = 1;
    for (const point of refresh) {
      if (point.share === null) continue;
      if (point.share < fresh - 0.02) break;
      refreshWeeks = point.ageWeeks;
    }
  }
  const pct = (share: number | null) => (share === null ? '—' : `${(share * 100).toFixed(0)}%`);
  const targets = COVERAGE_TARGETS.map((share) => ({ share, k: curve.find((point) => (point.suggested ?? 0) >= share)?.k ?? null }));
  const reached = targets.filter((t) => t.k !== null).map((t) => `${t.k} for ${pct(t.share)}`);
  const text =
    `With ${k} favourites chosen by the rule each week, ${pct(summary.suggested)} of the calls would have gone to a favourite ` +
    `(pinned: ${pct(summary.pinned)}; best possible: ${pct(summary.best)}). ` +
    (reached.length > 0 ? `The rule needs ${reached.join(', ')} of the calls. ` : '') +
    `From ${knee} favourites on, five more add under 2 points (${pct(at(knee))} at ${knee}). ` +
    (refreshWeeks === null
      ? ''
      : `A suggestion stays within 2 points of a fresh one for ${refreshWeeks} week${refreshWeeks === 1 ? '' : 's'}: refresh at least that often.`);
  return { k: knee, refreshWeeks, targets, text: text.trim() };
}
