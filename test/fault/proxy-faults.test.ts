import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from '@/test/cli/run-cli';
import { freePort } from '@/test/mcp-server';
import { eventually, proxyArgs, proxyFolder, spooledIds, stdioClient, type TestClient, writeServersFile } from '@/test/proxy/harness';
import { idDigest } from './clients';
import { ServerProcess } from './server-process';
import { createTarget, type FaultTarget, storedTotals } from './targets';

/**
 * §events through the proxy: favindex killed under a stream of proxied calls, and the proxy
 * killed with a full spool. Every call must be stored exactly once (or, past the spool's
 * bound, dropped and reported). PGlite only: what is under test is the proxy's spool and
 * retries; the ingest fault tests cover both databases.
 */
const figures: Record<string, unknown> = {};
let target: FaultTarget;
let server: ServerProcess;
let api: ReturnType<typeof adminApi>;
let work: string;
const clients: TestClient[] = [];

beforeAll(async () => {
  target = await createTarget('pglite');
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'favindex-proxy-fault-'));
  server = new ServerProcess({ port: await freePort(), env: { ...target.env, FAVINDEX_CATALOG_SYNC: '0' } });
  await server.start();
  api = adminApi(server.baseUrl);
});

afterAll(async () => {
  for (const c of clients) await c.close().catch(() => {});
  if (server?.pid) await server.stop();
  await target?.dispose();
  if (work) fs.rmSync(work, { recursive: true, force: true });
  console.log(`[fault figures] proxy: ${JSON.stringify(figures)}`);
});

async function project(id: string): Promise<string> {
  expect((await api('POST', '/api/projects', { id })).status).toBe(201);
  expect((await api('POST', `/api/projects/${id}/favourites/pin`, { tool: 'everything/echo' })).status).toBe(200);
  return (await api('POST', `/api/projects/${id}/tokens`, { name: 'proxy', scopes: ['events:write', 'surface:read', 'catalog:write'] })).body.token;
}

/** Only server-everything behind the proxy: it starts fastest. */
function everythingOnly(dir: string): string {
  const file = writeServersFile(dir);
  const config = JSON.parse(fs.readFileSync(file, 'utf8'));
  fs.writeFileSync(file, JSON.stringify({ mcpServers: { everything: config.mcpServers.everything } }));
  return file;
}

async function echoCalls(id: string): Promise<number> {
  const usage = (await api('GET', `/api/projects/${id}/usage?window=1d`)).body;
  return usage.rows.find((r: { tool: string }) => r.tool === 'everything/echo')?.calls ?? 0;
}

describe('favindex proxy under faults', () => {
  it('counts every one of 1,000 calls exactly once when favindex is SIGKILLed and restarted during them', async () => {
    const id = 'proxy-kill-favindex';
    const token = await project(id);
    const { dir, stateDir } = proxyFolder(work, 'kill-favindex');
    const proxy = await stdioClient(proxyArgs({ url: server.baseUrl, project: id, token, config: everythingOnly(dir), stateDir }));
    clients.push(proxy);
    await eventually(async () => expect((await proxy.client.listTools()).tools[0]?.name).toBe('fav_echo'), 60_000);

    const CALLS = 1_000;
    const started = Date.now();
    for (let i = 0; i < CALLS; i++) {
      // Traces go out every half second: by call 300 some are stored, a batch may be in flight.
      if (i === 300) await server.kill();
      // The calls go on while favindex is down; from call 600 on it is up again.
      if (i === 600) await server.start();
      const result = await proxy.client.callTool({ name: 'fav_echo', arguments: { message: `call ${i}` } });
      expect(result.isError).toBeFalsy();
    }
    const callSeconds = (Date.now() - started) / 1000;
    await eventually(async () => {
      expect(spooledIds(stateDir)).toEqual([]);
      expect(await echoCalls(id)).toBe(CALLS);
    }, 90_000);
    expect(proxy.stderr()).toMatch(/traces kept on disk/);

    await proxy.close();
    await server.stopCleanly();
    const totals = await target.inspect((db) => storedTotals(db, id));
    await server.start();
    expect(totals.events).toBe(CALLS);
    for (const [table, { calls, covers }] of Object.entries(totals.rollups)) expect(calls, table).toBe(covers);
    figures.killFavindex = { calls: CALLS, callSeconds, stored: totals.events };
  });

  it('sends a full spool after the proxy is SIGKILLed and started again: what was kept, once; what was dropped, reported', async () => {
    const id = 'proxy-kill-proxy';
    const token = await project(id);
    const { dir, stateDir } = proxyFolder(work, 'kill-proxy');
    const config = everythingOnly(dir);
    // favindex answers first (surface, catalog), then the proxy is pointed nowhere: a stand-in for an outage.
    const first = await stdioClient(proxyArgs({ url: server.baseUrl, project: id, token, config, stateDir }));
    clients.push(first);
    await eventually(async () => expect((await first.client.listTools()).tools[0]?.name).toBe('fav_echo'), 60_000);
    await first.close();

    const nowhere = `http://127.0.0.1:${await freePort()}`;
    const offline = await stdioClient(proxyArgs({ url: nowhere, project: id, token, config, stateDir, extra: ['--spool-max-mb', '0.1'] }));
    clients.push(offline);
    // The surface kept on disk is presented while favindex cannot be reached.
    expect((await offline.client.listTools()).tools[0]?.name).toBe('fav_echo');
    const CALLS = 1_500;
    for (let i = 0; i < CALLS; i++) await offline.client.callTool({ name: 'fav_echo', arguments: { message: `offline ${i}` } });
    await eventually(async () => expect(offline.stderr()).toMatch(/dropped the \d+ oldest unsent events/));
    const dropped = Math.max(...[...offline.stderr().matchAll(/\((\d+) since start\)/g)].map((m) => Number(m[1])));
    process.kill(offline.pid!, 'SIGKILL');
    await offline.close().catch(() => {});

    const kept = spooledIds(stateDir);
    expect(kept.length + dropped).toBe(CALLS);
    expect(new Set(kept).size).toBe(kept.length);

    const again = await stdioClient(proxyArgs({ url: server.baseUrl, project: id, token, config, stateDir }));
    clients.push(again);
    await eventually(async () => {
      expect(spooledIds(stateDir)).toEqual([]);
      expect(await echoCalls(id)).toBe(kept.length);
    }, 60_000);
    await again.close();

    await server.stopCleanly();
    const totals = await target.inspect((db) => storedTotals(db, id));
    await server.start();
    expect(totals.events).toBe(kept.length);
    expect(totals.idDigest).toBe(idDigest(kept));
    figures.killProxy = { calls: CALLS, dropped, sent: kept.length };
  });

  it('sends a call the SIGKILL caught under way once, as started with status unknown; a call that ended, once as ok', async () => {
    const id = 'proxy-kill-mid-call';
    const token = await project(id);
    const current = (await api('GET', `/api/projects/${id}`)).body;
    expect((await api('PATCH', `/api/projects/${id}`, { surface: { ...current.surface, mode: 'eager' } })).status).toBe(200);
    const { dir, stateDir } = proxyFolder(work, 'kill-mid-call');
    const args = proxyArgs({ url: server.baseUrl, project: id, token, config: everythingOnly(dir), stateDir });
    const first = await stdioClient(args);
    clients.push(first);
    const names = await eventually(async () => {
      const tools = (await first.client.listTools()).tools.map((t) => t.name);
      const slow = tools.find((name) => name.includes('long'));
      const echo = tools.find((name) => name.endsWith('echo'));
      if (!slow || !echo) throw new Error(`listed so far: ${tools.join(', ')}`);
      return { slow, echo };
    }, 60_000);

    expect((await first.client.callTool({ name: names.echo, arguments: { message: 'finished' } })).isError).toBeFalsy();
    // A call the server takes a minute over: the proxy is killed once its first progress says the server is at it.
    const underWay = new Promise<void>((resolve) => {
      first.client.callTool({ name: names.slow, arguments: { duration: 60, steps: 60 } }, { onprogress: () => resolve() }).catch(() => {});
    });
    await underWay;
    process.kill(first.pid!, 'SIGKILL');
    await first.close().catch(() => {});

    const again = await stdioClient(args);
    clients.push(again);
    const events = await eventually(async () => {
      expect(spooledIds(stateDir)).toEqual([]);
      const listed = (await api('GET', `/api/projects/${id}/events?limit=500`)).body.events as { tool: string; status: string; durationMs: number | null }[];
      expect(listed.map((e) => [e.tool, e.status]).sort()).toEqual([
        [names.echo, 'ok'],
        [names.slow, 'unknown'],
      ]);
      return listed;
    }, 60_000);
    expect(events.find((e) => e.tool === names.slow)?.durationMs).toBeNull();
    // Counted once, as a call that did not end ok.
    const usage = (await api('GET', `/api/projects/${id}/usage?window=1d`)).body.rows as { tool: string; calls: number; errors: number }[];
    expect(usage.find((r) => r.tool.includes('long'))).toMatchObject({ calls: 1, errors: 1 });
    expect(await echoCalls(id)).toBe(1);
    await again.close();
    figures.killMidCall = { unknown: 1, ok: 1 };
  });
});
