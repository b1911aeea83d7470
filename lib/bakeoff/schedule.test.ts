import { describe, expect, it } from 'vitest';
import { remaining, schedule } from './schedule';
import { cellKeyText, doneKeys, type Transcript } from './transcript';

const INPUT = { tasks: ['a', 'b'], presentations: ['pinned', 'lazy', 'full'], models: ['m1', 'm2'], runs: 5, seed: 'release-42' };
const text = (k: { taskId: string; presentation: string; model: string; run: number }) => `${k.taskId}/${k.presentation}/${k.model}#${k.run}`;

describe('the bake-off schedule', () => {
  it('is deterministic for a seed, and another seed gives another order', () => {
    expect(schedule(INPUT).map(text)).toEqual(schedule({ ...INPUT }).map(text));
    expect(schedule({ ...INPUT, seed: 'other' }).map(text)).not.toEqual(schedule(INPUT).map(text));
  });

  it('runs every cell once per run index, with the run index outermost', () => {
    const order = schedule(INPUT);
    expect(order).toHaveLength(2 * 3 * 2 * 5);
    expect(order.map((k) => k.run)).toEqual([...order.map((k) => k.run)].sort((x, y) => x - y));
    for (let run = 0; run < 5; run++) {
      const cells = order.filter((k) => k.run === run).map((k) => `${k.taskId}/${k.presentation}/${k.model}`);
      expect(new Set(cells).size).toBe(12);
    }
    expect(new Set(order.map(cellKeyText)).size).toBe(60);
  });

  it('shuffles within a run, so no presentation always goes first', () => {
    const order = schedule({ ...INPUT, runs: 20 });
    const firsts = new Set(Array.from({ length: 20 }, (_, run) => order[run * 12]!.presentation));
    expect(firsts.size).toBeGreaterThan(1);
    const runOrders = new Set(
      Array.from({ length: 20 }, (_, run) =>
        order
          .slice(run * 12, run * 12 + 12)
          .map((k) => `${k.taskId}/${k.presentation}/${k.model}`)
          .join(','),
      ),
    );
    expect(runOrders.size).toBeGreaterThan(1);
  });

  it('resumes: what is done is skipped, a failed run is run again, and a cell done twice is skipped once', () => {
    const order = schedule(INPUT);
    const transcript = (i: number, outcome: Transcript['outcome']): Transcript => ({ key: order[i]!, turns: [], calls: [], outcome });
    const results = [transcript(0, 'completed'), transcript(1, 'endpoint_error'), transcript(2, 'turn_limit'), transcript(0, 'gave_up')];
    const left = remaining(order, doneKeys(results));
    expect(left).toHaveLength(order.length - 2);
    expect(left.map(text)).toEqual(order.filter((_, i) => i !== 0 && i !== 2).map(text));
    expect(remaining(order, [order[3]!, order[3]!]).map(text)).toEqual(order.filter((_, i) => i !== 3).map(text));
    expect(remaining(order, [])).toEqual(order);
  });

  it('refuses a bad run count and a name listed twice', () => {
    expect(() => schedule({ ...INPUT, runs: 0 })).toThrow(/runs must be a whole number/);
    expect(() => schedule({ ...INPUT, models: ['m1', 'm1'] })).toThrow("model 'm1' is listed twice");
  });
});
