/** How long one run of steps may hold the event loop before it gives other requests a turn. */
const STEP_BUDGET_MS = 8;

/**
 * Drive a generator that does its work in small steps (lib code cannot schedule itself),
 * giving the event loop a turn whenever the steps so far took STEP_BUDGET_MS: a request that
 * brings seconds of parsing delays the others by milliseconds, not by seconds.
 */
export async function runSteps<T>(steps: Generator<void, T>): Promise<T> {
  let since = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - since >= STEP_BUDGET_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      since = performance.now();
    }
  }
}
