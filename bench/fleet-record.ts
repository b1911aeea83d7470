/**
 * The fleet bench's simulated spool (proxy/spool.ts's sealing rule, in memory) and what the
 * fleet's proxies record. See bench/fleet-proxy.ts.
 */
import type { SenderSpool } from '@/proxy/sender';
import type { SegmentContent } from '@/proxy/spool-files';

/** What the fleet's proxies record, shared by all of them. */
export class FleetRecord {
  /** Events made (appended to a spool) while calls ran. */
  made = 0;
  /** Each event's time of append, until favindex answers the post holding it. */
  readonly pending = new Map<string, number>();
  /** Per event answered stored: ms from its call's trace to the answer (the spool's wait included) and from its post's start. */
  readonly lagMs: number[] = [];
  readonly postLagMs: number[] = [];
  /** Stored events answered by `windowEnd`. */
  answeredInWindow = 0;
  windowEnd = Number.POSITIVE_INFINITY;
  /** Each answered post, its event ids in order (the plain-INSERT baseline replays them). */
  readonly posts: string[][] = [];
  /** Failed requests from the window's start on (its drain included), and before it (the fleet's start). */
  readonly failed = { events: 0, surface: 0, reports: 0 };
  readonly failedAtStart = { events: 0, surface: 0, reports: 0 };
  counting = false;
  readonly failures: string[] = [];
  readonly surfaceMs: number[] = [];
  readonly reportMs: number[] = [];
  surface304 = 0;
  /** Whether the window is on: figures outside it are not kept (the start-up's full surface reads). */
  measuring = false;

  /** Set once the figures are taken: what the fleet's stop cuts short is no failure of the server's. */
  closed = false;

  fail(kind: keyof FleetRecord['failed'], why: string): void {
    if (this.closed) return;
    (this.counting ? this.failed : this.failedAtStart)[kind]++;
    if (this.failures.length < 20) this.failures.push(`${kind}: ${why}`);
  }
}

/** proxy/spool.ts: a segment is one request's worth, 4 MiB at most. */
const SEGMENT_BYTES = 4 << 20;

interface Segment {
  name: string;
  lines: Record<string, unknown>[];
  bytes: number;
}

/** proxy/spool.ts's sealing rule, in memory. */
export class MemorySpool implements SenderSpool {
  private readonly sealed: Segment[] = [];
  private current: Segment | null = null;
  private timer: NodeJS.Timeout | null = null;
  private seq = 0;
  onSealed: (() => void) | null = null;
  readonly rejected = { put: () => {} };

  constructor(
    private readonly segmentEvents: number,
    private readonly sealAfterMs: number,
  ) {}

  append(event: Record<string, unknown>): void {
    const bytes = JSON.stringify(event).length + 1;
    if (this.current && this.current.bytes + bytes > SEGMENT_BYTES) this.seal();
    this.current ??= { name: `${String(this.seq++).padStart(8, '0')}.ready`, lines: [], bytes: 0 };
    this.current.lines.push(event);
    this.current.bytes += bytes;
    if (this.current.lines.length >= this.segmentEvents) this.seal();
    else if (!this.timer) this.timer = setTimeout(() => this.seal(), this.sealAfterMs);
  }

  private seal(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.current) return;
    this.sealed.push(this.current);
    this.current = null;
    // The real spool tells the sender once the rename is done, off the event loop.
    setImmediate(() => this.onSealed?.());
  }

  ready(): string[] {
    return this.sealed.map((s) => s.name);
  }

  async read(name: string): Promise<SegmentContent | null> {
    const segment = this.sealed.find((s) => s.name === name);
    // Copies: the sender bounds each event in place, as it does a parsed line.
    return segment ? { events: segment.lines.map((e) => ({ ...e })), damaged: 0 } : null;
  }

  remove(name: string): void {
    const at = this.sealed.findIndex((s) => s.name === name);
    if (at >= 0) this.sealed.splice(at, 1);
  }

  pending(): number {
    return (this.current?.lines.length ?? 0) + this.sealed.reduce((n, s) => n + s.lines.length, 0);
  }

  close(): void {
    this.seal();
  }
}
