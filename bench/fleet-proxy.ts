/**
 * One simulated `favindex proxy` of the fleet bench: what a proxy sends favindex, without its
 * MCP side or its disk. It mirrors proxy/ as follows:
 * - traces: each call's trace is made by proxy/traces.ts itself (startTrace, finishTrace), for a
 *   tool of the surface it read (a presented name with its server and canonical name), with
 *   the session, client, protocol, mode and surface revision a session carries; the argument
 *   check ran (observe: `argumentProblems: []`), 5% of calls fail;
 * - the spool: in memory, sealed by proxy/spool.ts's rule as proxy/proxy.ts configures it (a
 *   segment at 1,000 events or 4 MiB, else sealAfterMs after its first event);
 * - sending: proxy/sender.ts's TraceSender itself, with its batching, cadence and retries; its
 *   POST carries the body and headers FavindexApi.postEvents sends (NDJSON, the proxy's
 *   user-agent, the token);
 * - reports: PUT /proxies/:proxyId with a report of the proxy's shape, at start and then every
 *   PROXY_REPORT_INTERVAL_MS (proxy/reporter.ts; its change check finds nothing to report in a
 *   steady fleet);
 * - the surface: GET /surface with If-None-Match every pollMs, as proxy/surface-client.ts does.
 * Each proxy has its own keep-alive connections (an http.Agent), as a process of its own has;
 * node:http instead of fetch, the same requests.
 */
import http from 'node:http';
import { FavindexError } from '@/proxy/favindex-api';
import { TraceSender } from '@/proxy/sender';
import { finishTrace, startTrace } from '@/proxy/traces';
import { ProxyProblems } from '@/proxy/problems';
import type { IngestResult } from '@/lib/contracts/events';
import { PROXY_REPORT_INTERVAL_MS } from '@/lib/limits';
import type { ProxyReport } from '@/lib/schemas/proxies';
import { type FleetRecord, MemorySpool } from './fleet-record';
import { zipfRank } from './usage-support';

/** proxy/reporter.ts: a refused report is tried again after this long. */
const REPORT_RETRY_MS = 5_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface FleetProxyOptions {
  baseUrl: string;
  project: string;
  token: string;
  id: string;
  callsPerSecond: number;
  pollMs: number;
  rand: () => number;
  record: FleetRecord;
}

/** One simulated proxy: start() reads the surface and reports, calls() makes calls until stopped, drain() waits for its spool to empty. */
export class FleetProxy {
  private readonly agent = new http.Agent({ keepAlive: true });
  private readonly spool = new MemorySpool(1_000, 500);
  private readonly sender: TraceSender;
  private etag: string | null = null;
  private tools: { name: string; canonical: string }[] = [];
  private revision = 0;
  private mode = 'favindex';
  private session = 0;
  private calling: NodeJS.Timeout | null = null;
  private polling: NodeJS.Timeout | null = null;
  private reporting: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly startedAt = new Date().toISOString();

  constructor(private readonly o: FleetProxyOptions) {
    const quiet = () => {};
    this.sender = new TraceSender(this.spool, { postEvents: (ndjson) => this.postEvents(ndjson) }, quiet, new ProxyProblems(o.baseUrl, quiet, () => true));
  }

  /**
   * The first surface read and report, each tried again until favindex takes it (a refused
   * report is tried again after REPORT_RETRY_MS, as proxy/reporter.ts does), then the poll and
   * the report timers (reports at a phase of their own, as proxies started apart have).
   */
  async start(): Promise<void> {
    while (!this.stopped && !(await this.poll())) await sleep(REPORT_RETRY_MS);
    while (!this.stopped && !(await this.report())) await sleep(REPORT_RETRY_MS);
    this.polling = setTimeout(() => void this.pollLoop(), this.o.pollMs * this.o.rand());
    this.reporting = setTimeout(() => void this.reportLoop(), PROXY_REPORT_INTERVAL_MS * this.o.rand());
  }

  /** Calls at callsPerSecond on average, each a trace in the spool, until stopCalls. */
  startCalls(): void {
    const next = () => {
      if (this.stopped) return;
      this.call();
      this.calling = setTimeout(next, (-Math.log(1 - this.o.rand()) / this.o.callsPerSecond) * 1000);
    };
    this.calling = setTimeout(next, (-Math.log(1 - this.o.rand()) / this.o.callsPerSecond) * 1000);
  }

  stopCalls(): void {
    if (this.calling) clearTimeout(this.calling);
    this.calling = null;
    this.spool.close();
  }

  pendingEvents(): number {
    return this.spool.pending();
  }

  stop(): void {
    this.stopped = true;
    this.stopCalls();
    this.sender.stop();
    for (const t of [this.polling, this.reporting]) if (t) clearTimeout(t);
    this.agent.destroy();
  }

  private call(): void {
    const { rand, record } = this.o;
    const tool = this.tools[zipfRank(rand(), this.tools.length) - 1];
    if (!tool) return;
    if (rand() < 0.01) this.session++;
    const durationMs = 20 + rand() * 200;
    const context = {
      sessionId: `${this.o.id}-${this.session}`,
      client: 'claude-code',
      protocol: '2025-11-25',
      mode: this.mode as 'favindex',
      surfaceRevision: this.revision,
    };
    const head = startTrace(tool.name, context, Date.now() - durationMs);
    const [server] = tool.canonical.split('/');
    const failed = rand() < 0.05;
    const trace = finishTrace(
      head,
      { tool: tool.name, server, canonical: tool.canonical, status: failed ? 'error' : 'ok', ...(failed ? { errorCode: 'TOOL_ERROR' } : {}), problems: [] },
      durationMs,
    );
    if (record.measuring) {
      record.made++;
      record.pending.set(trace.id as string, Date.now());
    }
    this.spool.append(trace);
  }

  private async postEvents(ndjson: string): Promise<IngestResult> {
    const started = Date.now();
    const res = await this.send('POST', `/api/projects/${this.o.project}/events`, { 'content-type': 'application/x-ndjson' }, ndjson);
    const r = this.o.record;
    if (res.status !== 200) {
      r.fail('events', `${res.status} ${res.text.slice(0, 200)}`);
      throw new FavindexError(`HTTP ${res.status}`, res.status || null, res.status === 0 || res.status >= 500 || res.status === 429);
    }
    const answered = Date.now();
    const ids: string[] = [];
    for (const line of ndjson.split('\n')) {
      const id = /^\{"id":"([^"]+)"/.exec(line)?.[1];
      if (!id) continue;
      ids.push(id);
      const at = r.pending.get(id);
      if (at === undefined) continue;
      r.pending.delete(id);
      r.lagMs.push(answered - at);
      r.postLagMs.push(answered - started);
      if (answered <= r.windowEnd) r.answeredInWindow++;
    }
    r.posts.push(ids);
    return JSON.parse(res.text) as IngestResult;
  }

  private async pollLoop(): Promise<void> {
    if (this.stopped) return;
    await this.poll();
    if (!this.stopped) this.polling = setTimeout(() => void this.pollLoop(), this.o.pollMs);
  }

  /** Whether favindex answered the poll. */
  private async poll(): Promise<boolean> {
    const started = performance.now();
    const res = await this.send('GET', `/api/projects/${this.o.project}/surface`, this.etag ? { 'if-none-match': this.etag } : {});
    const r = this.o.record;
    if (r.measuring) r.surfaceMs.push(performance.now() - started);
    if (res.status === 304) {
      if (r.measuring) r.surface304++;
      return true;
    }
    if (res.status !== 200) {
      r.fail('surface', `${res.status} ${res.text.slice(0, 200)}`);
      return false;
    }
    const doc = JSON.parse(res.text) as { fingerprint: string; mode: string; version: { surface: number }; names: Record<string, string> };
    this.etag = res.etag ?? `"${doc.fingerprint}"`;
    this.mode = doc.mode;
    this.revision = doc.version.surface;
    this.tools = Object.entries(doc.names).map(([name, canonical]) => ({ name, canonical }));
    return true;
  }

  private async reportLoop(): Promise<void> {
    if (this.stopped) return;
    const taken = await this.report();
    if (!this.stopped) this.reporting = setTimeout(() => void this.reportLoop(), taken ? PROXY_REPORT_INTERVAL_MS : REPORT_RETRY_MS);
  }

  /** Whether favindex took the report. */
  private async report(): Promise<boolean> {
    const report: ProxyReport = {
      host: `fleet-${this.o.id}`,
      version: '0.1.0',
      startedAt: this.startedAt,
      transport: 'stdio',
      state: 'running',
      surfaceRevision: this.revision,
      servers: [...new Set(this.tools.map((t) => t.canonical.split('/')[0]!))].map((name) => ({
        name,
        state: 'up',
        tools: 60,
        lastError: null,
        restarts: 0,
        protocol: '2025-11-25',
      })),
      clients: [{ name: 'claude-code', sessions: 1, protocols: ['2025-11-25'] }],
      presented: { count: this.tools.length, names: this.tools.slice(0, 50).map((t) => t.name.slice(0, 128)) },
      spool: { events: this.spool.pending(), bytes: 0, dropped: 0 },
      lastError: null,
    };
    const started = performance.now();
    const res = await this.send('PUT', `/api/projects/${this.o.project}/proxies/${this.o.id}`, { 'content-type': 'application/json' }, JSON.stringify(report));
    const r = this.o.record;
    if (r.measuring) r.reportMs.push(performance.now() - started);
    if (res.status === 200) return true;
    r.fail('reports', `${res.status} ${res.text.slice(0, 200)}`);
    return false;
  }

  /** One request on this proxy's own connections; status 0 when nothing answered within 10 s (the proxy's request timeout). */
  private send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; text: string; etag?: string }> {
    return new Promise((resolve) => {
      const req = http.request(
        `${this.o.baseUrl}${path}`,
        {
          method,
          agent: this.agent,
          timeout: 10_000,
          headers: { 'user-agent': 'favindex-proxy/0.1.0', authorization: `Bearer ${this.o.token}`, ...headers },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString(), etag: res.headers.etag }));
          res.on('error', (err) => resolve({ status: 0, text: err.message }));
        },
      );
      req.on('timeout', () => req.destroy(new Error('no answer within 10 s')));
      req.on('error', (err) => resolve({ status: 0, text: err.message }));
      req.end(body);
    });
  }
}
