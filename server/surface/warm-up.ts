import type { PreparedCatalog } from '@/lib/surface/prepared-catalog';
import { catalogWarmUp } from '@/lib/surface/warm-up';

/** Catalogs whose warm-up has started: each is warmed once, for as long as it lives. */
const started = new WeakSet<PreparedCatalog>();
const waiting: Generator<void, void, void>[] = [];
let running = false;

/**
 * Warms a catalog someone previews, between requests: one slice per turn of the event loop
 * (setImmediate, after the I/O that came meanwhile), one catalog at a time, so a request waits
 * for one slice at most. The timer never keeps the process alive.
 */
export function warmAfterPreview(catalog: PreparedCatalog): void {
  if (started.has(catalog)) return;
  started.add(catalog);
  waiting.push(catalogWarmUp(catalog));
  if (!running) next();
}

function next(): void {
  const current = waiting[0];
  if (!current) {
    running = false;
    return;
  }
  running = true;
  setImmediate(() => {
    if (current.next().done) waiting.shift();
    next();
  }).unref();
}
