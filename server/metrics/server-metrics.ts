import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database, Db } from '@/db/client';
import { proxyFleet } from '@/server/proxies/proxies';

/** Every series this server exposes starts with it (Prometheus: one prefix per application). */
export const METRIC_PREFIX = 'favindex_';

/**
 * The families requests are timed by: the proxies' trace posts (events and OTLP), polls and
 * reports, the rest of the API, the pages (and their assets), and these operations endpoints.
 */
export const ROUTE_FAMILIES = ['events', 'surface', 'proxy_reports', 'api', 'pages', 'operations'] as const;
export type RouteFamily = (typeof ROUTE_FAMILIES)[number];

/** Seconds: a 304 poll takes well under a millisecond, a page's first render seconds. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Which way trace events came in. */
export type IngestEndpoint = 'events' | 'otlp';

/**
 * The figures GET /metrics answers (prom-client, one registry per process): counters the hot
 * paths move by exactly what happened, a latency histogram per route family, gauges read from
 * the database when scraped (the proxies, the pool), and the process's own (collectDefaultMetrics).
 * docs/operations.md says what each series means.
 */
export class ServerMetrics {
  readonly registry = new Registry();
  private readonly eventsAccepted = this.counter('events_accepted_total', 'Events stored by trace posts (POST /events, OTLP); duplicates not counted.');
  private readonly eventsDuplicate = this.counter('events_duplicate_total', 'Events of trace posts whose id was already stored (not an error).');
  private readonly eventsRejected = this.counter('events_rejected_total', 'Events of trace posts not stored, by the error_code the post answered for each.', [
    'error_code',
  ]);
  private readonly ingestPosts = this.counter('ingest_posts_total', 'Trace posts whose events were taken (answered 200), by endpoint.', ['endpoint']);
  private readonly surfacePolls = this.counter('surface_polls_total', 'Surface polls answered with the surface: 200 or 304.');
  private readonly surfaceNotModified = this.counter('surface_not_modified_total', 'Surface polls answered 304 Not Modified (the proxy had it).');
  private readonly requestSeconds = new Histogram({
    name: `${METRIC_PREFIX}http_request_duration_seconds`,
    help: 'Time from a request to the end of its answer, by route family and status code.',
    labelNames: ['route', 'code'],
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  private readonly proxiesConnected = this.gauge('proxies_connected', 'Proxies running whose last report is under 90 s old, every project.');
  private readonly spoolEvents = this.gauge('proxy_spool_events', 'Traces waiting in the spools of the connected proxies, as they report them.');
  private readonly spoolBytes = this.gauge('proxy_spool_bytes', 'Bytes of traces waiting in the spools of the connected proxies.');
  private readonly spoolWait = this.gauge('proxy_spool_oldest_wait_seconds', 'How long the oldest trace in any connected proxy’s spool has waited.');
  private readonly databaseInfo = this.gauge('database_info', 'Always 1; `kind` says which database serves (pglite or postgres).', ['kind']);
  private readonly poolMax = this.gauge('database_pool_max_connections', 'PostgreSQL: the connections each pool may open (FAVINDEX_DB_POOL).', ['pool']);
  /** A timer's series per route family, then status, made once each: finding one makes no key string. */
  private readonly timers = new Map<RouteFamily, Map<number, Histogram.Internal<'route' | 'code'>>>();

  constructor() {
    this.startLabelledAtZero();
  }

  /** A labelled counter shows no series before its first count; these show 0 from the start, so a rate has a first point. */
  private startLabelledAtZero(): void {
    for (const endpoint of ['events', 'otlp'] as const) this.ingestPosts.labels(endpoint).inc(0);
  }

  private counter<L extends string>(name: string, help: string, labelNames: L[] = []): Counter<L> {
    return new Counter({ name: `${METRIC_PREFIX}${name}`, help, labelNames, registers: [this.registry] });
  }

  private gauge<L extends string>(name: string, help: string, labelNames: L[] = []): Gauge<L> {
    return new Gauge({ name: `${METRIC_PREFIX}${name}`, help, labelNames, registers: [this.registry] });
  }

  /** A trace post's outcome: its stored and duplicate events, and the error_code of each it refused. */
  noteIngest(endpoint: IngestEndpoint, stored: { accepted: number; duplicates: number }, rejectedCodes: Iterable<string>): void {
    this.ingestPosts.labels(endpoint).inc();
    if (stored.accepted > 0) this.eventsAccepted.inc(stored.accepted);
    if (stored.duplicates > 0) this.eventsDuplicate.inc(stored.duplicates);
    for (const code of rejectedCodes) this.eventsRejected.labels(code).inc();
  }

  notePoll(notModified: boolean): void {
    this.surfacePolls.inc();
    if (notModified) this.surfaceNotModified.inc();
  }

  /** A request of `family` answered with `status` after `seconds`. */
  observeRequest(family: RouteFamily, status: number, seconds: number): void {
    let byStatus = this.timers.get(family);
    if (!byStatus) {
      byStatus = new Map();
      this.timers.set(family, byStatus);
    }
    let timer = byStatus.get(status);
    if (!timer) {
      timer = this.requestSeconds.labels(family, String(status));
      byStatus.set(status, timer);
    }
    timer.observe(seconds);
  }

  /** What the database is: its kind, and on PostgreSQL its pools' sizes (postgres.js does not tell the connections in use). */
  describeDatabase(database: Pick<Database, 'kind' | 'pool'>): void {
    this.databaseInfo.reset();
    this.databaseInfo.labels(database.kind).set(1);
    this.poolMax.reset();
    if (!database.pool) return;
    this.poolMax.labels('queries').set(database.pool.queries);
    this.poolMax.labels('transactions').set(database.pool.transactions);
  }

  /** The process's CPU, memory, event loop, GC and handles, named `favindex_process_…`, `favindex_nodejs_…`: the server process only. */
  collectProcessMetrics(): void {
    collectDefaultMetrics({ register: this.registry, prefix: METRIC_PREFIX });
  }

  /** The exposition: the proxies' figures read from `db` now, then every series. */
  async exposition(db: Db): Promise<string> {
    const fleet = await proxyFleet(db);
    this.proxiesConnected.set(fleet.connected);
    this.spoolEvents.set(fleet.spoolEvents);
    this.spoolBytes.set(fleet.spoolBytes);
    this.spoolWait.set(fleet.oldestWaitMs / 1000);
    return this.registry.metrics();
  }

  /**
   * Forget what the warm-up did (its polls through the real handler, on a port of its own):
   * the counters start at what happened once the server serves. Until then every real request
   * was answered 503 without reaching them; those requests stay in the latency histogram.
   */
  forgetWarmUp(): void {
    for (const metric of [this.eventsAccepted, this.eventsDuplicate, this.eventsRejected, this.ingestPosts, this.surfacePolls, this.surfaceNotModified]) {
      metric.reset();
    }
    this.startLabelledAtZero();
  }
}
