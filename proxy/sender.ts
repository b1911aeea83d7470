import { BODY_LIMITS, MiB } from '@/lib/limits';
import { backoffDelay } from '@/mcp/tools-listener';
import { FavindexError, type FavindexApi } from './favindex-api';
import type { ProxyProblems } from './problems';
import type { Spool } from './spool';
import type { SetAside } from './set-aside';
import { boundTrace } from './traces';
import { errorMessage } from '@/lib/thrown';

/** Well under the events endpoint's 10,000 events and 10 MiB a request. */
const BATCH_EVENTS = 1_000;
const BATCH_BYTES = BODY_LIMITS.events / 4;
/** The longest pause after a slow answer before the next post. */
const MAX_PAUSE_MS = 5_000;

/** What the sender needs of a spool: its sealed segments, oldest first, and where refused traces go. */
export type SenderSpool = Pick<Spool, 'ready' | 'read' | 'remove' | 'onSealed'> & { readonly rejected: Pick<SetAside, 'put'> };

/** One trace as it is sent: its line, and the event to set aside if favindex never takes it. */
interface Sendable {
  line: string;
  event: Record<string, unknown>;
}

export interface SenderStats {
  sent: number;
  duplicates: number;
  /** Events favindex refused one by one (in its answer's `rejected`). */
  rejected: number;
  damaged: number;
}

/**
 * Posts sealed spool segments to favindex, oldest first, and deletes each once favindex has
 * answered for every event in it. One post at a time: the segments sealed while it is under
 * way, or while the proxy pauses after a slow answer, go together in the next one, so a proxy
 * posts less often, not more, when favindex is busy. A failure leaves the segments for the next try, with backoff:
 * an event may then be sent twice, and favindex counts it once (its id is already stored).
 * What favindex will never take is set aside (`Spool.rejected`), so it holds up nothing newer:
 * a batch refused as too large (413) is sent in halves, down to one event, and an event refused
 * as too large alone, or refused as invalid, is set aside.
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
    private readonly spool: SenderSpool,
    private readonly api: Pick<FavindexApi, 'postEvents'>,
    private readonly log: (message: string) => void,
    private readonly problems: ProxyProblems,
  ) {
    spool.onSealed = () => this.kick();
  }

  /**
   * Send what is ready (coalesced with a send under way). A wait under way, after a failure or
   * after a slow answer, is not cut short: what is sealed meanwhile goes in the next post.
   */
  kick(): void {
    if (this.stopped) return;
    if (this.running || this.timer) {
      this.again = true;
      return;
    }
    this.running = this.drain(true).finally(() => {
      this.running = null;
      if (this.again && !this.stopped && !this.timer) this.kick();
    });
  }

  /** Wait for the send under way; then try once more, within `ms`, to send what is left, without pauses (shutdown). */
  async flush(ms: number): Promise<void> {
    await this.running;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await Promise.race([this.drain(false), new Promise((resolve) => setTimeout(resolve, ms).unref())]);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  /**
   * Post the sealed segments, oldest first, as many together as one post takes, and delete them
   * once favindex has answered for every event in them. `paced`: after each post, wait as long
   * as it took before the next (at most MAX_PAUSE_MS): a server that answers slowly gets fewer,
   * larger posts from every proxy rather than a queue of small ones (issue #48).
   */
  private async drain(paced: boolean): Promise<void> {
    this.again = false;
    for (;;) {
      if (this.stopped) return;
      const segments = this.spool.ready();
      if (segments.length === 0) return;
      const started = Date.now();
      try {
        const taken = await this.take(segments);
        for (const batch of batches(taken.traces)) await this.send(batch);
        for (const segment of taken.segments) this.spool.remove(segment);
      } catch (err) {
        this.retryLater(err);
        return;
      }
      this.problems.reached();
      if (this.lastError) this.log('traces: favindex takes them again');
      this.lastError = null;
      this.attempt = 0;
      const pause = Math.min(Date.now() - started, MAX_PAUSE_MS);
      if (paced && pause > 0) {
        this.wait(pause);
        return;
      }
    }
  }

  /** Sealed segments, oldest first, until they hold a post's worth; their traces, each cut to what ingest takes. */
  private async take(ready: readonly string[]): Promise<{ segments: string[]; traces: Sendable[] }> {
    const segments: string[] = [];
    const traces: Sendable[] = [];
    let bytes = 0;
    for (const segment of ready) {
      if (traces.length >= BATCH_EVENTS || bytes >= BATCH_BYTES) break;
      segments.push(segment);
      const content = await this.spool.read(segment);
      if (!content) continue;
      let damaged = content.damaged;
      for (const event of content.events) {
        if (event && typeof event === 'object' && !Array.isArray(event)) {
          // Cut again: a proxy of an older version spooled traces without limits.
          const bounded = boundTrace(event);
          const line = JSON.stringify(bounded);
          traces.push({ line, event: bounded });
          bytes += line.length + 1;
        } else damaged++;
      }
      this.stats.damaged += damaged;
      if (damaged > 0) this.log(`${segment}: ${damaged} damaged line(s) skipped (cut short by a crash or a failed write)`);
    }
    return { segments, traces };
  }

  private wait(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.kick();
    }, ms);
    this.timer.unref();
  }

  /** One batch; refused as too large, it goes in halves, and a trace too large alone is set aside. */
  private async send(batch: Sendable[]): Promise<void> {
    const body = `${batch.map((t) => t.line).join('\n')}\n`;
    const only = batch.length === 1 ? batch[0] : undefined;
    // Past what favindex takes at all (fields an older proxy kept whole): not worth a 413.
    if (only && Buffer.byteLength(body) > BODY_LIMITS.events) {
      this.spool.rejected.put(only.event, 'TOO_LARGE', `the trace is larger than the ${BODY_LIMITS.events / MiB} MiB favindex takes in a request`);
      return;
    }
    let result: Awaited<ReturnType<FavindexApi['postEvents']>>;
    try {
      result = await this.api.postEvents(body);
    } catch (err) {
      if (!(err instanceof FavindexError && err.status === 413)) throw err;
      if (only) {
        this.spool.rejected.put(only.event, 'TOO_LARGE', err.message);
        return;
      }
      const half = Math.ceil(batch.length / 2);
      await this.send(batch.slice(0, half));
      await this.send(batch.slice(half));
      return;
    }
    this.stats.sent += result.accepted;
    this.stats.duplicates += result.duplicates;
    this.stats.rejected += result.rejected.length;
    for (const refused of result.rejected) {
      const trace = batch[refused.index];
      if (trace) this.spool.rejected.put(trace.event, refused.error_code, refused.message);
    }
  }

  private retryLater(err: unknown): void {
    const message = errorMessage(err);
    // Not retryable (a bad token, an unknown project): keep the traces and try seldom, so a fix takes effect.
    const permanent = err instanceof FavindexError && !err.retry;
    const delay = permanent ? 60_000 : backoffDelay(this.attempt++, { initialMs: 500, maxMs: 30_000 });
    // Said once per cause (shared with the surface reads and catalog uploads), not once per retry.
    this.problems.report(err, 'traces kept on disk');
    this.lastError = message;
    this.wait(delay);
  }
}

/** Traces in batches of at most BATCH_EVENTS and BATCH_BYTES (a trace larger than that alone goes alone). */
function* batches(traces: Sendable[]): Generator<Sendable[]> {
  let batch: Sendable[] = [];
  let bytes = 0;
  for (const trace of traces) {
    const size = Buffer.byteLength(trace.line) + 1;
    if (batch.length > 0 && (batch.length >= BATCH_EVENTS || bytes + size > BATCH_BYTES)) {
      yield batch;
      batch = [];
      bytes = 0;
    }
    batch.push(trace);
    bytes += size;
  }
  if (batch.length > 0) yield batch;
}
