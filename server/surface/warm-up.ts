import type { PreparedCatalog } from '@/lib/surface/prepared-catalog';
import { catalogWarmUp } from '@/lib/surface/warm-up';

/** Catalogs whose warm-up has started: each is warmed once, for as long as it lives. */
const started = new WeakSet<PreparedCatalog>();
const waiting: Generator<void, void, void>[] = [];
/** A slice is scheduled. */
let scheduled = false;
/** Previews being answered: the warm-up waits for them. */
let answering = 0;

/**
 * Warms a catalog someone previews, between requests: one slice per turn of the event loop
 * (setImmediate, after the I/O that came meanwhile), one catalog at a time, and none while a
 * preview is being answered (a slice per database round trip of it would add up). The timer
 * never keeps the process alive.
 */
export function warmAfterPreview(catalog: PreparedCatalog): void {
  if (started.has(catalog)) return;
  started.add(catalog);
  waiting.push(catalogWarmUp(catalog));
  schedule();
}

/** Answers a preview with the warm-up held back until it is done. */
export async function whileAnswering<T>(work: () => Promise<T>): Promise<T> {
  answering++;
  try {
    return await work();
  } finally {
    answering--;
    schedule();
  }
}

function schedule(): void {
  if (scheduled || answering > 0 || waiting.length === 0) return;
  scheduled = true;
  setImmediate(() => {
    scheduled = false;
    const current = waiting[0];
    if (answering > 0 || !current) return;
    if (current.next().done) waiting.shift();
    schedule();
  }).unref();
}
