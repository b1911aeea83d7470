/** How long one run of steps may hold the event loop before it gives other requests a turn. */
const STEP_BUDGET_MS = 4;

/**
 * Work that gives other requests a turn of the event loop whenever it has held it for
 * STEP_BUDGET_MS: a request that brings seconds of work delays the others by milliseconds, not
 * by seconds. `pause()` at each step costs a clock read while the budget lasts (then it gives
 * nothing to wait for), and a turn of the loop once it is spent.
 */
export class Turns {
  private since = performance.now();

  pause(): Promise<void> | undefined {
    if (performance.now() - this.since < STEP_BUDGET_MS) return undefined;
    return new Promise((resolve) =>
      setImmediate(() => {
        this.since = performance.now();
        resolve();
      }),
    );
  }
}

/** Drive a generator that does its work in small steps (lib code cannot schedule itself), in Turns. */
export async function runSteps<T>(steps: Generator<void, T>): Promise<T> {
  const turns = new Turns();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    const turn = turns.pause();
    if (turn) await turn;
  }
}
