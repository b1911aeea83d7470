import { describe, expect, it } from 'vitest';
import { seededRandom } from '@/lib/stats/random';
import { compareSessions, type SessionCellRow } from './compare';

const SETTINGS = { minSessions: 30, replicates: 1000, confidence: 0.95, seed: 7, maxValuesPerDimension: 10 };

function poisson(mean: number, rand: () => number): number {
  let k = 0;
  for (let p = rand(); p > Math.exp(-mean); p *= rand()) k++;
  return k;
}

/** Sessions of one model: `meta` meta calls on average, 6 other calls, 5% errors. */
function sessions(model: string, n: number, meta: number, rand: () => number): SessionCellRow[] {
  return Array.from({ length: n }, () => {
    const metaCalls = poisson(meta, rand);
    const calls = metaCalls + 6;
    let errors = 0;
    for (let c = 0; c < calls; c++) if (rand() < 0.05) errors++;
    return {
      model,
      client: 'cli',
      mode: 'favindex',
      calls,
      errors,
      favouriteCalls: 3,
      metaCalls,
      offCatalogCalls: 0,
      callsBeforeSuccess: metaCalls,
      firstCallFailed: rand() < 0.05,
      checkedCalls: 0,
      wellFormedCalls: 0,
      firstToolRight: null,
      sessions: 1,
    };
  });
}

const find = (segments: ReturnType<typeof compareSessions>, dimension: string, value: string | null) => {
  const found = segments.find((s) => s.dimension === dimension && s.value === value);
  if (!found) throw new Error(`no segment ${dimension}=${value}`);
  return found;
};
const measure = (segment: ReturnType<typeof find>, id: string) => segment.measures.find((m) => m.measure === id)!;

describe('compareSessions', () => {
  const rand = seededRandom(2026);
  const before = [...sessions('model-a', 300, 2.5, rand), ...sessions('model-b', 300, 2.5, rand)];
  const after = [...sessions('model-a', 300, 1.5, rand), ...sessions('model-b', 300, 2.5, rand)];
  const segments = compareSessions(before, after, SETTINGS);

  it('reports a planted 40% drop in meta calls per session for the model it was planted in, within its interval', () => {
    const a = measure(find(segments, 'model', 'model-a'), 'metaPerSession');
    expect(a.verdict).toBe('lower');
    expect(a.relative!.low).toBeLessThan(-0.4);
    expect(a.relative!.high).toBeGreaterThan(-0.4);
    expect(a.relative!.estimate).toBeCloseTo(-0.4, 1);
    expect(measure(find(segments, 'model', 'model-a'), 'callsBeforeSuccess').verdict).toBe('lower');
  });

  it('reports no effect where none was planted', () => {
    const b = measure(find(segments, 'model', 'model-b'), 'metaPerSession');
    expect(b.verdict).toBe('no-clear-change');
    expect(b.relative!.low).toBeLessThan(0);
    expect(b.relative!.high).toBeGreaterThan(0);
    // Favourite calls per session did not move for anyone; the error rate did not either.
    for (const s of segments) expect(measure(s, 'errorRate').verdict).not.toBe('higher');
  });

  it('gives the sample sizes, lists every session first and then each model, client and mode', () => {
    expect(segments.map((s) => `${s.dimension}:${s.value}`)).toEqual(['all:null', 'model:model-a', 'model:model-b', 'client:cli', 'mode:favindex']);
    expect(find(segments, 'all', null).before.sessions).toBe(600);
    expect(find(segments, 'model', 'model-a').after.sessions).toBe(300);
    expect(find(segments, 'all', null).after.calls).toBe(after.reduce((sum, r) => sum + r.calls, 0));
  });

  it('says "not enough data" below the minimum, with the values but no interval', () => {
    const few = compareSessions(before.slice(0, 20), after.slice(0, 400), SETTINGS);
    const all = find(few, 'all', null);
    expect(all.enoughData).toBe(false);
    expect(all.before.sessions).toBe(20);
    const m = measure(all, 'metaPerSession');
    expect(m).toMatchObject({ verdict: 'not-enough-data', difference: null, relative: null });
    expect(m.before).toBeGreaterThan(0);
  });

  it('is deterministic, and grouping identical sessions into one row changes nothing but the speed', () => {
    expect(compareSessions(before, after, SETTINGS)).toEqual(segments);
    const group = (rows: SessionCellRow[]) => {
      const byKey = new Map<string, SessionCellRow>();
      for (const row of rows) {
        const key = JSON.stringify({ ...row, sessions: 0 });
        const hit = byKey.get(key);
        if (hit) hit.sessions += 1;
        else byKey.set(key, { ...row });
      }
      return [...byKey.values()];
    };
    const grouped = compareSessions(group(before), group(after), SETTINGS);
    const a = measure(find(grouped, 'model', 'model-a'), 'metaPerSession');
    const ungrouped = measure(find(segments, 'model', 'model-a'), 'metaPerSession');
    expect(a.before).toBeCloseTo(ungrouped.before!, 12);
    // A different resample of the same data: the interval ends agree to within Monte Carlo noise.
    expect(Math.abs(a.relative!.low - ungrouped.relative!.low)).toBeLessThan(0.03);
    expect(a.verdict).toBe('lower');
  });
});

describe('compareSessions on the argument measures', () => {
  /** Sessions of 4 checked tool calls, each sending a wrong key with probability `wrong`; the first call too. */
  function checked(n: number, wrong: number, rand: () => number): SessionCellRow[] {
    return Array.from({ length: n }, () => {
      const right = Array.from({ length: 4 }, () => rand() >= wrong);
      return {
        model: 'model-a',
        client: 'cli',
        mode: 'favindex',
        calls: 4,
        errors: right.filter((r) => !r).length,
        favouriteCalls: 4,
        metaCalls: 0,
        offCatalogCalls: 0,
        callsBeforeSuccess: right.indexOf(true) === -1 ? 4 : right.indexOf(true),
        firstCallFailed: !right[0],
        checkedCalls: 4,
        wellFormedCalls: right.filter(Boolean).length,
        firstToolRight: right[0]!,
        sessions: 1,
      };
    });
  }
  const rand = seededRandom(23);
  // Sessions whose first tool call was not checked say nothing of firstCallRight.
  const unchecked = checked(100, 0, rand).map((r) => ({ ...r, checkedCalls: 0, wellFormedCalls: 0, firstToolRight: null }));
  const all = find(compareSessions([...checked(300, 0.4, rand), ...unchecked], checked(300, 0.05, rand), SETTINGS), 'all', null);

  it('reports a planted rise in well-formed calls and first calls right within their intervals', () => {
    for (const id of ['wellFormedRate', 'firstCallRight']) {
      const m = measure(all, id);
      expect(m.verdict).toBe('higher');
      expect(m.before).toBeCloseTo(0.6, 1);
      expect(m.after).toBeCloseTo(0.95, 1);
      expect(m.difference!.low).toBeLessThan(0.35);
      expect(m.difference!.high).toBeGreaterThan(0.35);
    }
  });
});
