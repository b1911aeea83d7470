import type { FavindexApi } from './favindex-api';
import type { ProxyProblems } from './problems';
import type { ToolsCache } from './tools-cache';

export interface CatalogUploaderOptions {
  api: Pick<FavindexApi, 'putCatalog'>;
  /** What is uploaded: each server's catalog as held when its upload starts. */
  tools: Pick<ToolsCache, 'get' | 'entries'>;
  problems: Pick<ProxyProblems, 'report'>;
  log(message: string): void;
  /** After a run whose uploads changed favindex's catalog: read the surface again, so favindex's names and order follow. */
  afterChange(): Promise<unknown> | undefined;
  /** A run ended (the first list may be waiting for it). */
  settled(): void;
}

/**
 * Each upstream's catalog sent to favindex, one upload run at a time: a server that lists again
 * during a run makes it go round again, and what fails waits for the next poll.
 */
export class CatalogUploader {
  private readonly pending = new Set<string>();
  private running: Promise<void> | null = null;
  private again = false;
  /** The last upload failed: what is pending waits for the next poll, and the first list does not wait for it. */
  private failed = false;

  constructor(private readonly options: CatalogUploaderOptions) {}

  /** Upload a server's catalog now; the caller has stored it first, as the upload reads what is held. */
  upload(server: string): void {
    this.pending.add(server);
    void this.push();
  }

  /**
   * favindex sent the fingerprints of the catalogs it holds: a server whose catalog there is not
   * the one held here is uploaded again, with whatever else is still pending.
   */
  resync(theirs: readonly { name: string; fingerprint: string }[]): void {
    const wanted = new Map(theirs.map((s) => [s.name, s.fingerprint]));
    for (const [name, held] of this.options.tools.entries()) {
      const fingerprint = wanted.get(name);
      if (fingerprint !== undefined && fingerprint !== held.fingerprint && !this.pending.has(name)) {
        this.options.log(`favindex's catalog of ${name} is not what ${name} lists now: uploading it again`);
        this.pending.add(name);
      }
    }
    if (this.pending.size > 0) void this.push();
  }

  hasPending(): boolean {
    return this.pending.size > 0;
  }

  /** What the first list waits for: a run under way, or uploads pending that have not just failed. */
  busy(): boolean {
    return this.running !== null || (this.pending.size > 0 && !this.failed);
  }

  /** Upload every catalog not yet taken by favindex; a call during a run joins it and makes it go round again. */
  push(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      let changed = false;
      do {
        this.again = false;
        changed = (await this.pushOnce()) || changed;
      } while (this.again && !this.failed);
      // One read after every upload of the run, not one between uploads (servers listing together wait less).
      if (changed) await this.options.afterChange();
    })().finally(() => {
      this.running = null;
      this.options.settled();
    });
    return this.running;
  }

  /** One round over what is pending, every server's upload at once; true when favindex's catalog changed. */
  private async pushOnce(): Promise<boolean> {
    this.failed = false;
    const changed = await Promise.all([...this.pending].map((server) => this.pushOne(server)));
    return changed.includes(true);
  }

  private async pushOne(server: string): Promise<boolean> {
    const held = this.options.tools.get(server);
    if (!held) return false;
    try {
      const result = await this.options.api.putCatalog(server, held.tools);
      // Tools listed again during the upload are uploaded in the next round.
      if (this.options.tools.get(server) === held) this.pending.delete(server);
      if (result.changed) this.options.log(`${server}: catalog version ${result.version} uploaded (${held.tools.length} tools)`);
      return result.changed;
    } catch (err) {
      this.failed = true;
      this.options.problems.report(err, `${server}: catalog not uploaded`);
      return false;
    }
  }
}
