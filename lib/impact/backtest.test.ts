import { describe, expect, it } from 'vitest';
import { backtest, type ToolDay, weeksOfCalls } from './backtest';

const DAY = 86_400_000;
const until = new Date('2026-11-29T12:00:00Z');
const dayOf = (daysAgo: number) => new Date(until.getTime() - daysAgo * DAY).toISOString().slice(0, 10);

/** Daily calls of a few tools, for the given days ago (0 = the last day). */
function days(from: number, to: number, perDay: Record<string, number>): ToolDay[] {
  const out: ToolDay[] = [];
  for (let ago = from; ago >= to; ago--) {
    for (const [tool, calls] of Object.entries(perDay)) out.push({ day: dayOf(ago), tool, calls, sessions: 1, lastUsed: `${dayOf(ago)}T10:00:00.000Z` });
  }
  return out;
}

const base = { project: 'p', until, weeks: 2, weeksOfCalls: 2, trainDays: 7, k: 2, maxK: 4 };

describe('backtest', () => {
  it('scores what the rule would have picked, what was pinned, and the best possible, week by week', () => {
    // Train week before week 1: a and b lead. Week 1: a, b, c. Week 2: the habit moves to c and d.
    const toolDays = [...days(20, 14, { a: 10, b: 8, c: 1 }), ...days(13, 7, { a: 5, b: 3, c: 2 }), ...days(6, 0, { c: 9, d: 6, a: 1 })];
    const report = backtest({ ...base, toolDays, history: [{ version: 1, since: 0, tools: ['a', 'c'], enabled: true }] });
    const [first, second] = report.weeks;
    expect(first).toMatchObject({ from: dayOf(13), to: dayOf(7), calls: 70 });
    expect(first!.suggested).toEqual({ tools: ['a', 'b'], caught: 56, share: 0.8 });
    expect(first!.pinned).toMatchObject({ tools: ['a', 'c'], caught: 49, version: 1, enabled: true });
    expect(first!.best).toEqual({ tools: ['a', 'b'], caught: 56, share: 0.8 });
    // Week 2's rule learned from week 1 (a, b) and misses the move; the best is c, d.
    expect(second!.suggested).toMatchObject({ tools: ['a', 'b'], caught: 7 });
    expect(second!.best).toMatchObject({ tools: ['c', 'd'], caught: 105 });
    expect(report.summary).toEqual({ calls: 182, suggested: 63 / 182, pinned: (49 + 70) / 182, best: 161 / 182 });
    expect(report.curve.map((p) => p.k)).toEqual([1, 2, 3, 4]);
    expect(report.curve[1]!.suggested).toBeCloseTo(63 / 182, 12);
  });

  it('tells how a suggestion ages, and recommends a K and a refresh interval', () => {
    // A stable habit: the same tools every week, so an old suggestion is as good as a new one.
    const stable = backtest({ ...base, weeks: 4, maxK: 8, toolDays: days(40, 0, { a: 40, b: 20, c: 10, d: 1 }), history: [] });
    expect(stable.refresh.map((r) => r.share)).toEqual([60 / 71, 60 / 71, 60 / 71, 60 / 71]);
    expect(stable.refresh.map((r) => r.weeks)).toEqual([4, 3, 2, 1]);
    expect(stable.recommendation.refreshWeeks).toBe(4);
    // Three tools catch all but 1 of 71 calls: more add under 2 points.
    expect(stable.recommendation.k).toBe(3);
    expect(stable.recommendation.text).toContain('85% of the calls');
    expect(stable.weeks[0]!.pinned).toEqual({ tools: [], caught: 0, share: 0, version: 0, enabled: false });
  });

  it('leaves out weeks whose train window had no calls (the rule had nothing to rank), and says the K each share of calls takes', () => {
    const report = backtest({ ...base, k: 1, toolDays: days(13, 0, { a: 3, b: 1 }), history: [] });
    expect(report.weeks[0]!.suggested).toEqual({ tools: [], caught: 0, share: null });
    expect(report.weeks[1]!.suggested).toEqual({ tools: ['a'], caught: 21, share: 0.75 });
    expect(report.summary).toEqual({ calls: 28, suggested: 0.75, pinned: 0, best: 0.75 });
    expect(report.refresh).toEqual([
      { ageWeeks: 1, share: 0.75, weeks: 1 },
      { ageWeeks: 2, share: null, weeks: 0 },
    ]);
    expect(report.recommendation.targets).toEqual([
      { share: 0.5, k: 1 },
      { share: 0.75, k: 1 },
      { share: 0.9, k: 2 },
    ]);
    expect(report.recommendation.text).toContain('The rule needs 1 for 50%, 1 for 75%, 2 for 90% of the calls.');
  });

  it('says there is nothing to backtest without calls', () => {
    const empty = backtest({ ...base, toolDays: [], history: [] });
    expect(empty.summary.suggested).toBeNull();
    expect(empty.weeks[0]!.suggested.share).toBeNull();
    expect(empty.recommendation).toMatchObject({
      k: null,
      refreshWeeks: null,
      text: expect.stringContaining('in the 7 days before it yet: nothing to backtest'),
    });
  });
});

describe('weeksOfCalls', () => {
  it('reaches back to the week of the first day with calls, and no further', () => {
    // The demo's 30 days of traces are five weeks ending today (the oldest one with two days of calls).
    expect(weeksOfCalls(dayOf(29), until, 52)).toBe(5);
    expect(weeksOfCalls(dayOf(27), until, 52)).toBe(4);
    expect(weeksOfCalls(dayOf(0), until, 52)).toBe(1);
  });

  it('is one week without calls, and never more than the limit', () => {
    expect(weeksOfCalls(null, until, 52)).toBe(1);
    expect(weeksOfCalls(dayOf(400), until, 52)).toBe(52);
  });
});
