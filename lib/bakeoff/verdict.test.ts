import { describe, expect, it } from 'vitest';
import { FAILURE_CLASSES, type FailureClass } from '@/lib/arguments/classes';
import type { RunMeasures } from './metrics';
import { compare, compareByModel, isWorse } from './verdict';

const NO_CLASSES = Object.fromEntries(FAILURE_CLASSES.map((c) => [c, 0])) as Record<FailureClass, number>;

/** `correct` runs of `n` with the first call correct, and the given wander per run. */
function runs(presentation: string, model: string, n: number, correct: number, wander: (i: number) => number = () => 0): RunMeasures[] {
  return Array.from({ length: n }, (_, i) => ({
    key: { taskId: 't', presentation, model, run: i },
    targetFirst: i < correct,
    firstCallCorrect: i < correct,
    wellFormed: true,
    completed: true,
    toolCalls: 1 + wander(i),
    wander: wander(i),
    wrongOps: 0,
    turnsToRecover: [],
    neverRecovered: 0,
    inputTokensPerTurn: 100,
    cachedTokens: null,
    wallMs: 10,
    classes: NO_CLASSES,
  }));
}

describe('bake-off verdicts', () => {
  it('says a clear win in points with its interval (Newcombe: 45/50 − 30/50 = 30 [13, 45])', () => {
    const all = [...runs('pinned', 'gpt-x', 50, 45), ...runs('lazy', 'gpt-x', 50, 30)];
    const v = compare(all, { metric: 'firstCallCorrect', proposed: 'pinned', baseline: 'lazy', model: 'gpt-x' });
    expect(v).toMatchObject({ standing: 'beats', clear: true, n: { proposed: 50, baseline: 50 } });
    expect(v.difference!.low).toBeCloseTo(0.1319, 4);
    expect(v.difference!.high).toBeCloseTo(0.4493, 4);
    expect(v.wording).toBe('pinned beats lazy on gpt-x by 30 ± 16 points: clear');
    expect(isWorse(v)).toBe(false);
  });

  it('says a small difference is not clear', () => {
    const all = [...runs('pinned', 'weak models', 50, 26), ...runs('lazy', 'weak models', 50, 25)];
    const v = compare(all, { metric: 'firstCallCorrect', proposed: 'pinned', baseline: 'lazy' });
    expect(v.wording).toBe('pinned beats lazy over all models by 2 ± 19 points: not clear');
    expect(v.clear).toBe(false);
    expect(isWorse(v)).toBe(false);
  });

  it('says a loss, and isWorse is true only when the loss is clear', () => {
    const all = [...runs('pinned', 'gpt-x', 50, 30), ...runs('lazy', 'gpt-x', 50, 45), ...runs('pinned', 'gpt-y', 50, 25), ...runs('lazy', 'gpt-y', 50, 26)];
    const [x, y, overall] = compareByModel(all, { metric: 'firstCallCorrect', proposed: 'pinned', baseline: 'lazy' });
    expect(x!.wording).toBe('pinned loses to lazy on gpt-x by 30 ± 16 points: clear');
    expect(isWorse(x!)).toBe(true);
    expect(y!.wording).toBe('pinned loses to lazy on gpt-y by 2 ± 19 points: not clear');
    expect(isWorse(y!)).toBe(false);
    expect(overall!.model).toBeNull();
    expect(overall!.n).toEqual({ proposed: 100, baseline: 100 });
  });

  it('reads a lower-is-better metric the other way round: less wander beats more', () => {
    const all = [...runs('pinned', 'gpt-x', 10, 10, (i) => i % 2), ...runs('lazy', 'gpt-x', 10, 10, (i) => 2 + (i % 2))];
    const v = compare(all, { metric: 'wander', proposed: 'pinned', baseline: 'lazy', model: 'gpt-x' });
    expect(v.difference!.estimate).toBe(-2);
    expect(v.standing).toBe('beats');
    // Welch: se = √(0.2778/10 · 2) = 0.2357, df = 18, t = 2.1009: half-width 0.495.
    expect(v.wording).toBe('pinned beats lazy on gpt-x by 2 ± 0.5 calls: clear');
    expect(isWorse(compare(all, { metric: 'wander', proposed: 'lazy', baseline: 'pinned', model: 'gpt-x' }))).toBe(true);
  });

  it('ties, and says when there are too few runs to tell', () => {
    const all = [...runs('pinned', 'm', 20, 10), ...runs('lazy', 'm', 20, 10)];
    expect(compare(all, { metric: 'firstCallCorrect', proposed: 'pinned', baseline: 'lazy' }).wording).toBe(
      'pinned ties with lazy over all models (0 ± 28 points): not clear',
    );
    const few = compare([...runs('pinned', 'm', 1, 1), ...runs('lazy', 'm', 3, 1)], { metric: 'wander', proposed: 'pinned', baseline: 'lazy' });
    expect(few).toMatchObject({ difference: null, clear: false, standing: 'ties' });
    expect(few.wording).toBe('pinned against lazy over all models: too few runs to tell (n = 1 and 3)');
    expect(isWorse(few)).toBe(false);
  });
});
