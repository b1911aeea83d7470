import type { PreparedCatalog } from '@/lib/surface/prepared-catalog';
import { catalogWarmUp, codeWarmUp } from '@/lib/surface/warm-up';

/**
 * Warms catalogs someone previews, between requests: one slice per turn of the event loop
 * (setImmediate, after the I/O that came meanwhile), one catalog at a time, each once, and none
 * while a preview is being answered (a slice per database round trip of it would add up). The
 * immediates are kept referenced: an unref'd one runs only when something else wakes the loop,
 * so a quiet server would never warm.
 */
export class WarmUps {
  /** Catalogs whose warm-up has started: each is warmed once, for as long as it lives. */
  private readonly started = new WeakSet<PreparedCatalog>();
  private readonly waiting: Generator<void, void, void>[] = [];
  /** A slice is scheduled. */
  private scheduled = false;
  /** Previews being answered: the warm-up waits for them. */
  private answering = 0;

  /** `once`: slices run after the first catalog's, once per process (the code every catalog's previews run). */
  constructor(
    private readonly slices: (catalog: PreparedCatalog) => Generator<void, void, void>,
    private once: (() => Generator<void, void, void>) | null = null,
  ) {}

  warm(catalog: PreparedCatalog): void {
    if (this.started.has(catalog)) return;
    this.started.add(catalog);
    this.waiting.push(this.slices(catalog));
    if (this.once) this.waiting.push(this.once());
    this.once = null;
    this.schedule();
  }

  /** Answers a preview with the warm-up held back until it is done. */
  async whileAnswering<T>(work: () => Promise<T>): Promise<T> {
    this.answering++;
    try {
      return await work();
    } finally {
      this.answering--;
      this.schedule();
    }
  }

  private schedule(): void {
    if (this.scheduled || this.answering > 0 || this.waiting.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      const current = this.waiting[0];
      if (this.answering > 0 || !current) return;
      if (current.next().done) this.waiting.shift();
      this.schedule();
    });
  }
}

/**
 * The process's warm-ups (lib/surface/warm-up.ts): each previewed catalog's tools' tokens by both
 * methods, then its search index; after the first, the code of every client's preview.
 */
export const previewWarmUps = new WarmUps(catalogWarmUp, codeWarmUp);
