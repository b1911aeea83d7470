import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { describe, expect, it } from 'vitest';
import { api, expectEnvelope, ndjson } from '@/test/api';
import { bearer, createToken, withPassword } from '@/test/auth';
import { setupTestDatabase } from '@/test/database';
import { createTestProject, event } from '@/test/fixtures';
import { toolCallExport } from '@/test/otlp';
import { proxyReport } from '@/test/proxy-reports';
import { metricsRoute } from './metrics-route';

const test = setupTestDatabase();

interface Family {
  name: string;
  type: string;
  help: string;
  metrics: { value?: string; labels?: Record<string, string>; buckets?: Record<string, string>; count?: string }[];
}

async function scrape(headers: Record<string, string> = {}): Promise<Response> {
  return metricsRoute(new Request('http://127.0.0.1:3000/metrics', { headers }), { params: Promise.resolve({}) });
}

/** Every series of an answer, read by a Prometheus text parser. */
async function figures(headers: Record<string, string> = {}): Promise<Map<string, Family>> {
  const res = await scrape(headers);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  // Sound: the parser gives one object per family, of this shape.
  const families = parsePrometheusTextFormat(await res.text()) as Family[];
  return new Map(families.map((f) => [f.name, f]));
}

/** The value of a series, its labels matching `labels`; 0 when no series has them yet. */
function seriesValue(all: Map<string, Family>, name: string, labels: Record<string, string> = {}): number {
  const family = all.get(name);
  if (!family) throw new Error(`no series ${name}`);
  const series = family.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
  return series ? Number(series.value) : 0;
}

describe('GET /metrics', () => {
  it('names every series favindex_… with its help and type, process figures included', async () => {
    test.app.metrics.collectProcessMetrics();
    const all = await figures();
    expect(all.size).toBeGreaterThan(20);
    for (const family of all.values()) {
      expect(family.name).toMatch(/^favindex_[a-z0-9_]+$/);
      expect(family.help.length).toBeGreaterThan(0);
    }
    expect(all.get('favindex_process_cpu_seconds_total')?.type).toBe('COUNTER');
    expect(all.get('favindex_http_request_duration_seconds')?.type).toBe('HISTOGRAM');
    expect(seriesValue(all, 'favindex_database_info', { kind: test.kind })).toBe(1);
    const pools = all.get('favindex_database_pool_max_connections')?.metrics ?? [];
    // PGlite has no pool; PostgreSQL's two pools share FAVINDEX_DB_POOL (10): 5 and 5.
    expect(pools.map((m) => [m.labels?.pool, Number(m.value)])).toEqual(
      test.kind === 'postgres'
        ? [
            ['queries', 5],
            ['transactions', 5],
          ]
        : [],
    );
  });

  it('moves the ingest counters by exactly the events stored, duplicated and refused (by error_code)', async () => {
    const id = await createTestProject(['github']);
    const before = await figures();
    const sent = await api.post(`/api/projects/${id}/events`, {
      body: ndjson([
        event('m1', 'github/create_issue'),
        event('m2', 'github/create_issue'),
        event('m3', 'github/list_issues'),
        { id: 'm4', type: 'tool_call_trace', tool: 'github/create_issue' },
      ]),
      headers: { 'content-type': 'application/x-ndjson' },
    });
    expect(sent.body).toMatchObject({ accepted: 3, duplicates: 0, rejected: [{ index: 3, error_code: 'VALIDATION_FAILED' }] });
    const again = await api.post(`/api/projects/${id}/events`, { json: [event('m1', 'github/create_issue'), event('m5', 'github/create_issue')] });
    expect(again.body).toMatchObject({ accepted: 1, duplicates: 1 });
    const otlp = await api.post(`/api/projects/${id}/otlp/v1/traces`, { json: toolCallExport('github/create_issue', Date.now() - 60_000) });
    expect(otlp.status).toBe(200);
    const after = await figures();
    const moved = (name: string, labels: Record<string, string> = {}) => seriesValue(after, name, labels) - seriesValue(before, name, labels);
    // The OTLP export holds one client tools/call span that is stored and one without a tool that is refused.
    expect(moved('favindex_events_accepted_total')).toBe(5);
    expect(moved('favindex_events_duplicate_total')).toBe(1);
    expect(moved('favindex_events_rejected_total', { error_code: 'VALIDATION_FAILED' })).toBe(2);
    expect(moved('favindex_ingest_posts_total', { endpoint: 'events' })).toBe(2);
    expect(moved('favindex_ingest_posts_total', { endpoint: 'otlp' })).toBe(1);
  });

  it('counts the surface polls and the 304s among them', async () => {
    const id = await createTestProject(['github']);
    const before = await figures();
    const first = await api.get(`/api/projects/${id}/surface`);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag') ?? '';
    for (let i = 0; i < 3; i++) expect((await api.get(`/api/projects/${id}/surface`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    const after = await figures();
    expect(seriesValue(after, 'favindex_surface_polls_total') - seriesValue(before, 'favindex_surface_polls_total')).toBe(4);
    expect(seriesValue(after, 'favindex_surface_not_modified_total') - seriesValue(before, 'favindex_surface_not_modified_total')).toBe(3);
  });

  it('counts the connected proxies and the backlog they report, not the stopped ones', async () => {
    const id = await createTestProject(['github']);
    const before = await figures();
    const spool = (events: number, bytes: number, lagMs: number) => ({ events, bytes, lagMs, dropped: 0, lost: 0, lostCause: null, setAside: 0 });
    const running = [
      ['metrics-proxy-a', proxyReport([{ name: 'github', tools: 3 }], { spool: spool(40, 4_000, 2_500) })],
      ['metrics-proxy-b', proxyReport([{ name: 'github', tools: 3 }], { spool: spool(2, 300, 500) })],
      ['metrics-proxy-c', proxyReport([{ name: 'github', tools: 3 }], { state: 'stopped', spool: spool(1_000, 99_000, 60_000) })],
    ] as const;
    for (const [proxyId, report] of running) expect((await api.put(`/api/projects/${id}/proxies/${proxyId}`, { json: report })).status).toBe(200);
    const after = await figures();
    expect(seriesValue(after, 'favindex_proxies_connected') - seriesValue(before, 'favindex_proxies_connected')).toBe(2);
    expect(seriesValue(after, 'favindex_proxy_spool_events') - seriesValue(before, 'favindex_proxy_spool_events')).toBe(42);
    expect(seriesValue(after, 'favindex_proxy_spool_bytes') - seriesValue(before, 'favindex_proxy_spool_bytes')).toBe(4_300);
    expect(seriesValue(after, 'favindex_proxy_spool_oldest_wait_seconds')).toBeGreaterThanOrEqual(2.5);
  });

  it('is the API’s to guard: a scraper’s token needs metrics:read, any project’s will do; the admin may', async () => {
    const id = await createTestProject();
    const { token: proxyToken } = await createToken(id, ['events:write', 'surface:read', 'catalog:write']);
    const { token: scraper } = await createToken(id, ['metrics:read']);
    await withPassword('metrics-test-password', async () => {
      const anonymous = await scrape();
      expect(anonymous.status).toBe(401);
      const refused = await scrape(bearer(proxyToken));
      const envelope = { status: refused.status, headers: refused.headers, body: await refused.json(), text: '' };
      expectEnvelope(envelope, 403, 'FORBIDDEN');
      expect(envelope.body.message).toContain('metrics:read');
      expect((await scrape(bearer(scraper))).status).toBe(200);
      expect((await scrape(bearer('fvx_not-a-token'))).status).toBe(401);
    });
    // Local mode: open on loopback, as the API is.
    expect((await scrape()).status).toBe(200);
  });
});
