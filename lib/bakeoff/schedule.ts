import { BAKEOFF_LIMITS } from '@/lib/limits';
import { seededRandom, seedOf } from '@/lib/stats/random';
import { type CellKey, cellKeyText } from './transcript';
import { itemAt } from '@/lib/arrays';

export interface ScheduleInput {
  tasks: readonly string[];
  presentations: readonly string[];
  models: readonly string[];
  /** N: how many times each cell runs. */
  runs: number;
  /** The same seed gives the same order, so a resumed bake-off walks the order it started. */
  seed?: number | string;
}

/**
 * The order to run a bake-off in. The run index is the outer loop, so a bake-off stopped
 * halfway has every cell about equally often; within a run the cells are shuffled, so no
 * presentation always goes first and drift in the endpoint (load, a warming cache, a model
 * update at noon) falls on every presentation alike.
 */
export function schedule(input: ScheduleInput): CellKey[] {
  const { tasks, presentations, models, runs } = input;
  if (!Number.isInteger(runs) || runs < 1 || runs > BAKEOFF_LIMITS.runs)
    throw new Error(`runs must be a whole number from 1 to ${BAKEOFF_LIMITS.runs}, not ${runs}`);
  for (const [what, list] of [
    ['task', tasks],
    ['presentation', presentations],
    ['model', models],
  ] as const) {
    const repeated = list.find((item, i) => list.indexOf(item) !== i);
    if (repeated !== undefined) throw new Error(`${what} '${repeated}' is listed twice; each runs once per run index`);
  }
  const order: CellKey[] = [];
  for (let run = 0; run < runs; run++) {
    const cells: CellKey[] = [];
    for (const taskId of tasks) for (const presentation of presentations) for (const model of models) cells.push({ taskId, presentation, model, run });
    shuffle(cells, seededRandom(seedOf('bakeoff', input.seed ?? 0, run)));
    order.push(...cells);
  }
  return order;
}

/** Fisher–Yates, in place. */
function shuffle<T>(items: T[], random: () => number): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [itemAt(items, j), itemAt(items, i)];
  }
}

/**
 * The cells of the order still to run, in order. `done` holds the cells already measured (see
 * doneKeys: a cell whose run failed at the endpoint is not done, and so runs again); a cell
 * listed twice in it is one cell.
 */
export function remaining(order: readonly CellKey[], done: Iterable<CellKey | string>): CellKey[] {
  const finished = new Set<string>();
  for (const key of done) finished.add(typeof key === 'string' ? key : cellKeyText(key));
  return order.filter((key) => !finished.has(cellKeyText(key)));
}
