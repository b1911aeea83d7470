/**
 * What a fleet of proxies writes while its surface is polled (bench/surface.bench.ts, "polls during
 * writes"): each proxy seals its trace spool every half second and posts it (a few events, at most
 * one post in flight, as the proxy's sender does), and reports itself every 30 s, the reports
 * spread over the interval. The traces name the project's own catalog tools, so they resolve and
 * roll up as real ones do. Nothing here changes a surface: a poll's 304 must not notice it.
 */
import { PROXY_REPORT_INTERVAL_MS } from '@/lib/limits';
import { proxyReport } from '@/test/proxy-reports';

/** The proxy's sealing cadence under steady calls (its spool's sealAfterMs). */
const SEAL_MS = 500;

export interface FleetShape {
  proxies: number;
  /** Events in each post: calls per second × SEAL_MS. */
  eventsPerPost: number;
}

export interface FleetWritten {
  seconds: number;
  posts: number;
  postsPerSecond: number;
  eventsAccepted: number;
  reports: number;
  /** Posts and reports not answered 2xx (a valid run has none). */
  failed: number;
  firstFailure: string | null;
}

/** Writes `shape` to the project at `baseUrl` from start() until stop(). */
export class FleetWrites {
  private running = false;
  private loops: Promise<void>[] = [];
  private started = 0;
  private posts = 0;
  private eventsAccepted = 0;
  private reports = 0;
  private failed = 0;
  private firstFailure: string | null = null;
  private sequence = 0;

  constructor(
    private readonly baseUrl: string,
    private readonly project: string,
    private readonly tools: readonly { server: string; tool: string }[],
    private readonly shape: FleetShape,
  ) {}

  start(): void {
    this.running = true;
    this.started = performance.now();
    for (let p = 0; p < this.shape.proxies; p++) {
      // Proxies start at different moments: their posts and reports do not arrive in step.
      const offset = (p / this.shape.proxies) * SEAL_MS;
      const reportOffset = (p / this.shape.proxies) * PROXY_REPORT_INTERVAL_MS;
      this.loops.push(this.posting(p, offset), this.reporting(p, reportOffset));
    }
  }

  async stop(): Promise<FleetWritten> {
    this.running = false;
    await Promise.all(this.loops);
    this.loops = [];
    const seconds = (performance.now() - this.started) / 1000;
    const written = {
      seconds: Math.round(seconds * 10) / 10,
      posts: this.posts,
      postsPerSecond: Math.round(this.posts / seconds),
      eventsAccepted: this.eventsAccepted,
      reports: this.reports,
      failed: this.failed,
      firstFailure: this.firstFailure,
    };
    this.posts = this.eventsAccepted = this.reports = this.failed = 0;
    this.firstFailure = null;
    return written;
  }

  private async posting(proxy: number, offsetMs: number): Promise<void> {
    await sleepWhile(() => this.running, offsetMs);
    while (this.running) {
      const sealed = performance.now();
      const answer = await this.send('POST', `/events`, 'application/x-ndjson', this.batch(proxy));
      if (answer) {
        this.posts++;
        this.eventsAccepted += (answer as { accepted: number }).accepted;
      }
      // The next segment seals SEAL_MS after this one, or at once when the post took longer.
      await sleepWhile(() => this.running, SEAL_MS - (performance.now() - sealed));
    }
  }

  private async reporting(proxy: number, offsetMs: number): Promise<void> {
    const servers = [...new Set(this.tools.map((t) => t.server))].map((name) => ({ name, tools: this.tools.filter((t) => t.server === name).length }));
    await sleepWhile(() => this.running, offsetMs);
    while (this.running) {
      const report = proxyReport(servers, { host: `bench-host-${proxy}` });
      if (await this.send('PUT', `/proxies/bench-proxy-${proxy}`, 'application/json', JSON.stringify(report))) this.reports++;
      await sleepWhile(() => this.running, PROXY_REPORT_INTERVAL_MS);
    }
  }

  private batch(proxy: number): string {
    const lines: string[] = [];
    for (let i = 0; i < this.shape.eventsPerPost; i++) {
      const n = this.sequence++;
      const { server, tool } = this.tools[n % this.tools.length]!;
      lines.push(
        JSON.stringify({
          id: `fleet-${proxy}-${n}`,
          type: 'tool_call_trace',
          timestamp: new Date().toISOString(),
          tool: `all/${server}/${tool}`,
          canonical: `${server}/${tool}`,
          server,
          sessionId: `fleet-${proxy}-${Math.floor(n / 50)}`,
          status: 'ok',
          durationMs: 20 + (n % 80),
          client: 'bench',
        }),
      );
    }
    return lines.join('\n');
  }

  /** The answer's JSON when it was 2xx; null (counted as failed) otherwise. */
  private async send(method: string, subPath: string, contentType: string, body: string): Promise<unknown> {
    try {
      const res = await fetch(`${this.baseUrl}/api/projects/${this.project}${subPath}`, { method, headers: { 'content-type': contentType }, body });
      const text = await res.text();
      if (res.ok) return JSON.parse(text);
      this.failure(`${method} ${subPath}: ${res.status} ${text.slice(0, 200)}`);
    } catch (err) {
      this.failure(`${method} ${subPath}: ${err instanceof Error ? err.message : String(err)}`);
    }
    return null;
  }

  private failure(what: string): void {
    this.failed++;
    this.firstFailure ??= what;
  }
}

/** Wait `ms`, in steps, ending early once `going()` is false. */
async function sleepWhile(going: () => boolean, ms: number): Promise<void> {
  const until = performance.now() + ms;
  while (going() && performance.now() < until) await new Promise((resolve) => setTimeout(resolve, Math.min(100, until - performance.now())));
}
