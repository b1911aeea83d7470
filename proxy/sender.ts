import { backoffDelay } from '@/mcp/tools-listener';
import { FavindexError, type FavindexApi } from './favindex-api';
import type { ProxyProblems } from './problems';
import type { Spool } from './spool';

/** Well under the events endpoint's 10,000 events and 10 MiB a request. */
const BATCH_EVENTS = 1_000;

export interface SenderStats {
  sent: number;
  duplicates: number;
  rejected: number;
  damaged: number;
}

/**
 * Posts sealed spool segments to favindex, oldest first, and deletes each once favindex has
 * answered for every event in it. A failure leaves the segment for the next try, with backoff:
 * an event may then be sent twice, and favindex counts it once (its id is already stored).
 */
export class TraceSender {
  readonly stats: SenderStats = { sent: 0, duplicates: 0, rejected: 0, damaged: 0 };
  private attempt = 0;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  /** The last failure, until a batch goes through. */
  lastError: string | null = null;

  constructor(
    private readonly spool: Spool,
    private readonly api: FavindexApi,
    private readonly log: (message: string) => void,
    private readonly problems: ProxyProblems,
  ) {
    spool.onSealed = () => this.kick();
  }

  /** Send what is ready now (coalesced with a send under way). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.again && !this.stopped && !this.timer) {
        this.again = false;
        this.kick();
      }
    });
  }

  /** Wait for the send under way; then try once more, within `ms`, to send what is left (shutdown). */
  async flush(ms: number): Promise<void> {
    await this.running;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await Promise.race([this.drain(), new Promise((resolve) => setTimeout(resolve, ms).unref())]);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private async drain(): Promise<void> {
    for (const segment of this.spool.ready()) {
      if (this.stopped) return;
      const content = await this.spool.read(segment);
      if (!content) continue;
      this.stats.damaged += content.damaged;
      if (content.damaged > 0) this.log(`${segment}: ${content.damaged} damaged line(s) skipped (a crash mid-write)`);
      try {
        for (let i = 0; i < content.events.length; i += BATCH_EVENTS) {
          const batch = content.events.slice(i, i + BATCH_EVENTS);
          const result = await this.api.postEvents(`${batch.map((e) => JSON.stringify(e)).join('\n')}\n`);
          this.stats.sent += result.accepted;
          this.stats.duplicates += result.duplicates;
          if (result.rejected.length > 0) {
            this.stats.rejected += result.rejected.length;
            const first = result.rejected[0]!;
            this.log(`favindex refused ${result.rejected.length} trace(s), e.g. #${first.index}: ${first.error_code} ${first.message}`);
          }
        }
      } catch (err) {
        this.retryLater(err);
        return;
      }
      this.spool.remove(segment);
      this.problems.reached();
      if (this.lastError) this.log('traces: favindex takes them again');
      this.lastError = null;
      this.attempt = 0;
    }
  }

  private retryLater(err: unknown): void {
    const message = (err as Error).message;
    // Not retryable (a bad token, an unknown project): keep the traces and try seldom, so a fix takes effect.
    const permanent = err instanceof FavindexError && !err.retry;
    const delay = permanent ? 60_000 : backoffDelay(this.attempt++, { initialMs: 500, maxMs: 30_000 });
    // Said once per cause (shared with the surface reads and catalog uploads), not once per retry.
    this.problems.report(err, 'traces kept on disk');
    this.lastError = message;
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.kick();
    }, delay);
    this.timer.unref();
  }
}
