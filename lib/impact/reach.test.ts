import { describe, expect, it } from 'vitest';
import { compareReach, type ReachSession, type ReachSide, sampleQuotas } from './reach';

const SETTINGS = { minSessions: 30, maxValuesPerDimension: 12, replicates: 1000, confidence: 0.95, seed: 7 };

/** n sessions of a client, the first `using` of which called `tool` (every one called github/get_issue). */
function sessions(client: string, n: number, using: number, tool = 'github/list_issues'): ReachSession[] {
  return Array.from({ length: n }, (_, i) => ({ client, tools: i < using ? ['github/get_issue', tool] : ['github/get_issue'] }));
}

function side(population: Record<string, number>, sample: ReachSession[], favourites: string[] = []): ReachSide {
  return { population: new Map(Object.entries(population)), sample, favourites: new Set(favourites) };
}

describe('sampleQuotas', () => {
  it('reads every session below the budget', () => {
    expect(
      sampleQuotas(
        new Map([
          ['a', 40],
          ['b', 10],
        ]),
        1000,
        40_000,
      ),
    ).toEqual([
      { client: 'b', sessions: 10, calls: 8000 },
      { client: 'a', sessions: 40, calls: 32000 },
    ]);
  });

  it('splits the budget evenly, a small client giving what it does not need to the others', () => {
    const quotas = sampleQuotas(
      new Map([
        ['big', 50_000],
        ['mid', 900],
        ['small', 20],
      ]),
      1000,
      40_000,
    );
    expect(quotas.map((q) => [q.client, q.sessions])).toEqual([
      ['small', 20],
      ['mid', 490],
      ['big', 490],
    ]);
    expect(quotas.reduce((sum, q) => sum + q.calls, 0)).toBeLessThanOrEqual(40_000);
  });

  it('leaves out clients the budget has no session for', () => {
    const population = new Map(Array.from({ length: 5 }, (_, i) => [`c${i}`, 100] as [string, number]));
    expect(sampleQuotas(population, 3, 100).map((q) => q.sessions)).toEqual([1, 1, 1]);
  });
});

describe('compareReach', () => {
  const change = { loaded: ['github/list_issues'], deferred: [] };

  it('weighs each client back by its sessions when the sample read them unevenly', () => {
    // 900 claude-code sessions and 100 cursor ones, 100 of each read: claude-code went 20% → 80%, cursor stayed at 50%.
    const before = side({ 'claude-code': 900, cursor: 100 }, [...sessions('claude-code', 100, 20), ...sessions('cursor', 100, 50)]);
    const after = side({ 'claude-code': 900, cursor: 100 }, [...sessions('claude-code', 100, 80), ...sessions('cursor', 100, 50)], change.loaded);
    const reach = compareReach(before, after, change, SETTINGS);
    const all = reach.segments[0]!;
    expect(all).toMatchObject({ dimension: 'all', before: { sessions: 1000, sampled: 200 }, after: { sessions: 1000, sampled: 200 } });
    const loaded = all.measures.find((m) => m.measure === 'loadedByChange')!;
    // 0.9 × 0.2 + 0.1 × 0.5 = 0.23; 0.9 × 0.8 + 0.1 × 0.5 = 0.77.
    expect(loaded.before).toBeCloseTo(0.23, 10);
    expect(loaded.after).toBeCloseTo(0.77, 10);
    expect(loaded.difference!.low).toBeLessThan(0.54);
    expect(loaded.difference!.high).toBeGreaterThan(0.54);
    expect(loaded.verdict).toBe('higher');
    expect(reach.segments.map((s) => s.value)).toEqual([null, 'claude-code', 'cursor']);
    const cursor = reach.segments[2]!.measures.find((m) => m.measure === 'loadedByChange')!;
    expect(cursor).toMatchObject({ before: 0.5, after: 0.5, verdict: 'no-clear-change' });
  });

  it('judges loaded and deferred by the favourites of each side, and lists each changed tool', () => {
    const swap = { loaded: ['github/list_issues'], deferred: ['github/create_issue'] };
    const before = side({ c: 60 }, sessions('c', 60, 30, 'github/create_issue'), ['github/create_issue']);
    const after = side({ c: 60 }, sessions('c', 60, 60), ['github/list_issues']);
    const all = compareReach(before, after, swap, SETTINGS).segments[0]!;
    const value = (m: string) => all.measures.find((r) => r.measure === m)!;
    expect(value('loadedByChange')).toMatchObject({ before: 0, after: 1 });
    expect(value('deferredByChange')).toMatchObject({ before: 0.5, after: 0, verdict: 'lower' });
    expect(value('usedLoaded')).toMatchObject({ before: 0.5, after: 1 });
    expect(value('usedDeferred')).toMatchObject({ before: 1, after: 1 });
    expect(all.tools.map((t) => [t.tool, t.change, t.before, t.after])).toEqual([
      ['github/list_issues', 'loaded', 0, 1],
      ['github/create_issue', 'deferred', 0.5, 0],
    ]);
  });

  it('gives the same intervals for the same seed, and none below the minimum sessions', () => {
    const before = side({ c: 60 }, sessions('c', 60, 20));
    const after = side({ c: 60 }, sessions('c', 60, 40));
    expect(compareReach(before, after, change, SETTINGS)).toEqual(compareReach(before, after, change, SETTINGS));
    const few = compareReach(side({ c: 10 }, sessions('c', 10, 2)), side({ c: 10 }, sessions('c', 10, 9)), change, SETTINGS).segments[0]!;
    expect(few.enoughData).toBe(false);
    expect(few.measures.every((m) => m.difference === null && m.verdict === 'not-enough-data')).toBe(true);
    expect(few.measures[0]).toMatchObject({ before: 0.2, after: 0.9 });
  });
});
