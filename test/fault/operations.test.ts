import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@/test/mcp-server';
import { copyPgliteTemplate } from '@/test/pglite-template';
import { eventually } from '@/test/proxy/harness';
import { loginAdmin, postBatch } from './clients';
import { ServerProcess } from './server-process';
import { createTarget, type FaultTarget } from './targets';
import { TcpRelay } from './tcp-relay';

/**
 * The built server as an operator runs it (docs/operations.md): probes that answer without a
 * login, /metrics behind a scraper's token whose ingest counter moves by exactly the events
 * stored, JSON log lines without any secret, and readiness that follows the database.
 */
const PASSWORD = 'operations-test-password';

interface Series {
  labels?: Record<string, string>;
  value?: string;
}

interface Scrape {
  families: Map<string, Series[]>;
  text: string;
}

async function scrape(baseUrl: string, token: string): Promise<Scrape> {
  const res = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  const text = await res.text();
  const families = parsePrometheusTextFormat(text) as { name: string; metrics: Series[] }[];
  return { families: new Map(families.map((f) => [f.name, f.metrics])), text };
}

function seriesValue({ families }: Scrape, name: string, labels: Record<string, string> = {}): number {
  const series = families.get(name)?.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
  return Number(series?.value ?? 0);
}

/** A labelled histogram's count, read from its `_count` line (the parser keeps only an unlabelled histogram's). */
function requestsTimed({ text }: Scrape, route: string, code: string): number {
  const line = new RegExp(`^favindex_http_request_duration_seconds_count\\{route="${route}",code="${code}"\\} (\\d+)$`, 'm').exec(text);
  return Number(line?.[1] ?? 0);
}

describe('the built server, operated', () => {
  let server: ServerProcess;
  let work: string;
  let project: string;
  let proxyToken: string;
  let scraper: string;

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'favindex-operations-'));
    server = new ServerProcess({
      port: await freePort(),
      password: PASSWORD,
      env: {
        FAVINDEX_DATA_DIR: copyPgliteTemplate(path.join(work, 'data')),
        DATABASE_URL: '',
        FAVINDEX_CATALOG_SYNC: '0',
        FAVINDEX_WARM_UP: '0',
        FAVINDEX_LOG_FORMAT: 'json',
      },
    });
    await server.start();
    const admin = await loginAdmin(server.baseUrl, PASSWORD);
    project = `operations-${process.pid}`;
    expect((await admin.fetch('/api/projects', { method: 'POST', json: { id: project } })).status).toBe(201);
    const token = async (name: string, scopes: string[]) => {
      const res = await admin.fetch(`/api/projects/${project}/tokens`, { method: 'POST', json: { name, scopes } });
      expect(res.status).toBe(201);
      return ((await res.json()) as { token: string }).token;
    };
    proxyToken = await token('proxy', ['events:write', 'surface:read', 'catalog:write']);
    scraper = await token('prometheus', ['metrics:read']);
  });

  afterAll(async () => {
    if (server?.pid) await server.stopCleanly();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('answers /healthz and /readyz to anyone, even in password mode', async () => {
    const health = await fetch(`${server.baseUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${server.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', database: 'pglite' });
  });

  it('keeps /metrics for a metrics:read token: 401 without one, 403 with a token lacking it', async () => {
    expect((await fetch(`${server.baseUrl}/metrics`)).status).toBe(401);
    const refused = await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${proxyToken}` } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      error_code: 'FORBIDDEN',
      retryable: false,
      cited_rule: '§auth',
      message: expect.stringContaining('metrics:read'),
    });
  });

  it('moves the ingest counter by exactly the events stored, and times the posts', async () => {
    const before = await scrape(server.baseUrl, scraper);
    const at = (n: number) => new Date(Date.now() - 60_000 - n * 1_000).toISOString();
    const events = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, i) => ({ id: `ops-${from + i}`, type: 'tool_call_trace', timestamp: at(from + i), tool: 'github/create_issue' }));
    let accepted = 0;
    // 250 new, then 100 of them again with 50 new, then 30 new and 2 that are not events.
    for (const batch of [events(0, 250), events(150, 300), [...events(300, 330), { id: 'bad-1' }, { id: 'bad-2', type: 'tool_call_trace' }]]) {
      const sent = await postBatch(server.baseUrl, project, proxyToken, batch);
      expect(sent.status).toBe(200);
      accepted += (sent.body as { accepted: number }).accepted;
    }
    expect(accepted).toBe(330);
    const after = await scrape(server.baseUrl, scraper);
    const moved = (name: string, labels: Record<string, string> = {}) => seriesValue(after, name, labels) - seriesValue(before, name, labels);
    expect(moved('favindex_events_accepted_total')).toBe(330);
    expect(moved('favindex_events_duplicate_total')).toBe(100);
    expect(moved('favindex_events_rejected_total', { error_code: 'VALIDATION_FAILED' })).toBe(2);
    expect(moved('favindex_ingest_posts_total', { endpoint: 'events' })).toBe(3);
    expect(requestsTimed(after, 'events', '200') - requestsTimed(before, 'events', '200')).toBe(3);
    // The scrape before this one was timed too, under its own family.
    expect(requestsTimed(after, 'operations', '200')).toBeGreaterThan(0);
    expect(seriesValue(after, 'favindex_process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('writes each log line as a JSON object and never a token, a cookie or a password it was sent', async () => {
    const secrets = [proxyToken, scraper, `fvx_${'Z'.repeat(43)}`];
    await fetch(`${server.baseUrl}/api/projects/${project}/surface`, { headers: { authorization: `Bearer ${secrets[2]}` } });
    await fetch(`${server.baseUrl}/api/projects/${project}/preview?token=${proxyToken}`, { headers: { cookie: `favindex_session=${scraper}` } });
    await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl },
      body: '{"password":',
    });
    // A restart logs its shutdown and its start: the lines of both are read.
    await server.stopCleanly();
    await server.start();
    const lines = server.log.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('--- start'));
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) expect(JSON.parse(line), line).toMatchObject({ time: expect.any(String), level: expect.any(String), msg: expect.any(String) });
    expect(lines.map((line) => JSON.parse(line).msg)).toContain('SIGTERM: finishing in-flight requests');
    for (const secret of [...secrets, PASSWORD]) expect(server.log).not.toContain(secret.slice(4));
  });

  it('counts nothing of the warm-up: the surface polls start at what proxies asked after the start', async () => {
    await server.stopCleanly();
    server.options.env.FAVINDEX_WARM_UP = '1';
    await server.start();
    expect(server.log).toMatch(/warmed up in \d+ ms: 3 routes [^,]+, 1 surfaces/);
    const figures = await scrape(server.baseUrl, scraper);
    expect(seriesValue(figures, 'favindex_surface_polls_total')).toBe(0);
    const poll = await fetch(`${server.baseUrl}/api/projects/${project}/surface`, { headers: { authorization: `Bearer ${proxyToken}` } });
    expect(poll.status).toBe(200);
    expect(seriesValue(await scrape(server.baseUrl, scraper), 'favindex_surface_polls_total')).toBe(1);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('readiness on PostgreSQL', () => {
  let target: FaultTarget;
  let relay: TcpRelay;
  let server: ServerProcess;

  beforeAll(async () => {
    target = await createTarget('postgres');
    const direct = new URL(target.env.DATABASE_URL!);
    // The database answers nothing until the test lets it: the server starts, but cannot migrate.
    relay = await TcpRelay.start({ host: direct.hostname, port: Number(direct.port || 5432) }, { hold: true });
    const relayed = new URL(direct);
    relayed.port = String(relay.port);
    server = new ServerProcess({ port: await freePort(), env: { ...target.env, DATABASE_URL: relayed.toString(), FAVINDEX_CATALOG_SYNC: '0' } });
  });

  afterAll(async () => {
    if (server?.pid) await server.stop();
    await relay?.close();
    await target?.dispose();
  });

  it('is 503 while migrating, 200 once started, 503 without its database and 200 when it is back', async () => {
    await server.start(90_000, 'open on');
    const health = await fetch(`${server.baseUrl}/healthz`);
    expect(health.status).toBe(200);
    const starting = await fetch(`${server.baseUrl}/readyz`);
    expect(starting.status).toBe(503);
    expect(await starting.json()).toMatchObject({
      error_code: 'NOT_READY',
      retryable: true,
      message: expect.stringMatching(/^favindex is (opening the database|applying migrations)$/),
    });
    const early = await fetch(`${server.baseUrl}/api/projects`);
    expect(early.status).toBe(503);
    expect(early.headers.get('retry-after')).toBe('2');

    relay.pass();
    await eventually(async () => expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200), 90_000, 200);
    expect(server.log).toContain('listening on http://');

    await relay.close();
    const down = await eventually(async () => {
      const res = await fetch(`${server.baseUrl}/readyz`);
      expect(res.status).toBe(503);
      return res.json();
    });
    expect(down).toMatchObject({ error_code: 'NOT_READY', message: expect.stringMatching(/^the database does not answer: /) });
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);

    await relay.open();
    await eventually(async () => expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200), 30_000, 200);
  });
});
