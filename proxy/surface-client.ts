import fs from 'node:fs';
import { surfaceDocumentSchema } from '@/lib/contracts/surface';
import type { FavindexApi, FetchedSurface } from './favindex-api';
import { keepJson } from './kept-file';
import type { ProxyProblems } from './problems';
import { fieldOf } from '@/lib/records';

export interface SurfaceClientOptions {
  api: FavindexApi;
  /** Where the last surface is kept, so the proxy starts while favindex is down. */
  cacheFile: string;
  pollMs: number;
  log(message: string): void;
  /** Where a failed read is said (once per cause). */
  problems: ProxyProblems;
  onChange(surface: FetchedSurface): void;
}

/**
 * The project's surface: read with If-None-Match every `pollMs`, and at once when asked (a
 * call named something unknown, a catalog was uploaded). The last one is kept on disk.
 */
export class SurfaceClient {
  current: FetchedSurface | null = null;
  /** Settles when the first read has been answered or has failed. */
  readonly firstRead: Promise<void>;
  private readFirst!: () => void;
  private timer: NodeJS.Timeout | null = null;
  private inFlight: Promise<boolean> | null = null;
  private queued: Promise<boolean> | null = null;
  private stopped = false;

  constructor(private readonly options: SurfaceClientOptions) {
    this.firstRead = new Promise((resolve) => {
      this.readFirst = resolve;
    });
  }

  /** The surface kept on disk by an earlier run, if any. */
  loadCached(): FetchedSurface | null {
    try {
      const saved: unknown = JSON.parse(fs.readFileSync(this.options.cacheFile, 'utf8'));
      const document = surfaceDocumentSchema.safeParse(fieldOf(saved, 'document'));
      const etag = fieldOf(saved, 'etag');
      const revision = fieldOf(saved, 'revision');
      if (!document.success || typeof etag !== 'string' || document.data.project !== this.options.api.project) return null;
      this.current = { document: document.data, etag, revision: typeof revision === 'number' ? revision : null };
      return this.current;
    } catch {
      return null;
    }
  }

  start(): void {
    const tick = async () => {
      await this.refresh();
      if (!this.stopped) {
        this.timer = setTimeout(tick, this.options.pollMs);
        this.timer.unref();
      }
    };
    void tick();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  /**
   * Read the surface now (joined with a read under way); true when it changed. `fresh`: the
   * read must start after now (a catalog was just uploaded), so one under way is followed by another.
   */
  refresh(fresh = false): Promise<boolean> {
    if (fresh && this.inFlight) {
      this.queued ??= this.inFlight.then(() => {
        this.queued = null;
        return this.refresh();
      });
      return this.queued;
    }
    this.inFlight ??= this.read().finally(() => {
      this.inFlight = null;
      this.readFirst();
    });
    return this.inFlight;
  }

  private async read(): Promise<boolean> {
    try {
      const fetched = await this.options.api.surface(this.current?.etag ?? null);
      this.options.problems.reached();
      if (!fetched || fetched.etag === this.current?.etag) return false;
      this.current = fetched;
      this.save(fetched);
      this.options.onChange(fetched);
      return true;
    } catch (err) {
      this.options.problems.report(err, 'reading the surface');
      return false;
    }
  }

  private save(surface: FetchedSurface): void {
    keepJson(this.options.cacheFile, surface, 'the surface', this.options.log);
  }
}
