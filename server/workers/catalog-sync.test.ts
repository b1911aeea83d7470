import { sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/sql';
import { api } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { allowLoopbackSync, withPrivateSyncRefused } from '@/test/sync-targets';
import { createTestProject } from '@/test/fixtures';
import { startTestMcpServer, type TestMcpServer, type TestTool } from '@/test/mcp-server';
import { startCatalogSyncWorker, type CatalogSyncWorker } from './catalog-sync';

const database = setupTestDatabase();
allowLoopbackSync();

const servers: TestMcpServer[] = [];
const workers: CatalogSyncWorker[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});

const TOOLS: TestTool[] = [
  { name: 'list_pods', description: 'List pods', params: ['namespace'] },
  { name: 'get_logs', description: 'Fetch logs', params: ['pod'] },
];

/** Quick ticks and heartbeats so a test sees in a second what production sees in a minute. */
function worker(): CatalogSyncWorker {
  const w = startCatalogSyncWorker(database.app, {
    tickMs: 60_000,
    heartbeatMs: 150,
    leaseSeconds: 30,
    backoff: { initialMs: 50, maxMs: 300 },
  });
  workers.push(w);
  return w;
}

async function liveProject(options: { intervalSeconds: number | null }) {
  const mcp = await startTestMcpServer({ tools: TOOLS });
  servers.push(mcp);
  const id = await createTestProject();
  const res = await api.put(`/api/projects/${id}/catalog/k8s/sync`, { json: { url: mcp.url, intervalSeconds: options.intervalSeconds } });
  if (res.status !== 201) throw new Error(res.text);
  return { mcp, id, registeredAt: res.body.sync.lastSyncOkAt as string };
}

async function versions(id: string): Promise<{ version: number; source: string; added: string[]; removed: string[] }[]> {
  return (await api.get(`/api/projects/${id}/catalog/k8s/versions`)).body.versions;
}

async function waitFor<T>(what: string, probe: () => Promise<T> | T, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('catalog sync worker', () => {
  it('re-syncs a server when it sends notifications/tools/list_changed', async () => {
    const { mcp, id } = await liveProject({ intervalSeconds: null });
    const w = worker();
    await w.tick();
    expect(w.listening()).toContain(`${id}/k8s`);
    await waitFor('the listener GET stream', () => mcp.openStreams() === 1);
    await waitFor('the sync on connect', () => mcp.listRequests() >= 2);

    mcp.setTools([...TOOLS, { name: 'scale_deployment', description: 'Scale', params: ['name'] }]);
    const latest = await waitFor('a version from the notification', async () => {
      const [newest] = await versions(id);
      return newest?.version === 2 ? newest : null;
    });
    expect(latest).toMatchObject({ source: 'sync:list_changed', added: ['scale_deployment'], removed: [] });
    const catalog = (await api.get(`/api/projects/${id}/catalog`)).body;
    expect(catalog.servers[0].tools.map((t: { name: string }) => t.name)).toEqual(['list_pods', 'get_logs', 'scale_deployment']);
  });

  it('keeps its listener away from a loopback server once private sync targets are refused', async () => {
    const { mcp, id } = await liveProject({ intervalSeconds: null });
    const before = mcp.listRequests();
    const logged: string[] = [];
    await withPrivateSyncRefused(async () => {
      const w = startCatalogSyncWorker(database.app, { tickMs: 60_000, heartbeatMs: 150, backoff: { initialMs: 50, maxMs: 100 }, log: (m) => logged.push(m) });
      workers.push(w);
      await w.tick();
      expect(w.listening()).toContain(`${id}/k8s`);
      await waitFor('a refused connection in the log', () => logged.some((m) => m.includes('cannot connect')));
    });
    // The operator's log says why; the session never opened.
    expect(logged.find((m) => m.includes('cannot connect'))).toContain('may not reach');
    expect(mcp.openSessions()).toBe(0);
    expect(mcp.listRequests()).toBe(before);
  });

  it('reconnects with backoff after the server restarts, and catches up on what changed meanwhile', async () => {
    const { mcp, id } = await liveProject({ intervalSeconds: null });
    const w = worker();
    await w.tick();
    await waitFor('the listener GET stream', () => mcp.openStreams() === 1);
    await waitFor('the sync on connect', () => mcp.listRequests() >= 2);

    // The change happens while the server is down: no notification can reach favindex.
    mcp.setTools(TOOLS.slice(0, 1), { notify: false });
    await mcp.restart();
    const latest = await waitFor('a version after reconnecting', async () => {
      const [newest] = await versions(id);
      return newest?.version === 2 ? newest : null;
    });
    expect(latest).toMatchObject({ source: 'sync:connect', removed: ['get_logs'] });
    await waitFor('a new listener GET stream', () => mcp.openStreams() === 1);

    // And the new session hears notifications again.
    mcp.setTools(TOOLS);
    const next = await waitFor('a version from the new session', async () => {
      const [newest] = await versions(id);
      return newest?.version === 3 ? newest : null;
    });
    expect(next).toMatchObject({ source: 'sync:list_changed', added: ['get_logs'] });
  });

  it('two workers on one database: one listener per server, each due sync runs once, and stop hands over', async () => {
    const { mcp, id, registeredAt } = await liveProject({ intervalSeconds: 60 });
    const a = worker();
    const b = worker();
    await Promise.all([a.tick(), b.tick()]);
    const holders = [a, b].filter((w) => w.listening().includes(`${id}/k8s`));
    expect(holders).toHaveLength(1);
    await waitFor('one listener GET stream', () => mcp.openStreams() === 1);
    // The listener's sync on connect has committed (it holds the row while it writes).
    await waitFor('the listener to finish its first sync', async () => {
      const sync = (await api.get(`/api/projects/${id}/catalog/k8s/sync`)).body;
      return mcp.listRequests() >= 2 && sync.lastSyncOkAt > registeredAt;
    });

    // A server that changes without telling: the schedule finds it, exactly once.
    mcp.setTools([...TOOLS, { name: 'exec', description: 'Exec into a pod' }], { notify: false });
    await queryRows(database.db, sql`update catalog_servers set next_sync_at = now() - interval '1 second' where project_id = ${id}`);
    await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
    const list = await versions(id);
    expect(list.map((v) => [v.version, v.source])).toEqual([
      [2, 'sync:schedule'],
      [1, 'sync:manual'],
    ]);
    expect(list[0]!.added).toEqual(['exec']);
    const [row] = await queryRows<{ due_in: number }>(
      database.db,
      sql`select extract(epoch from next_sync_at - now())::float8 as due_in from catalog_servers where project_id = ${id}`,
    );
    if (!row) throw new Error(`project '${id}' has no catalog server row`);
    expect(Number(row.due_in)).toBeGreaterThan(50);

    // The holder stops: it ends its session and gives up the lease; the other takes over.
    const [holder] = holders;
    if (!holder) throw new Error('one worker holds the listener');
    const other = holder === a ? b : a;
    await holder.stop();
    await waitFor('the old session to end', () => mcp.openSessions() === 0);
    await other.tick();
    expect(other.listening()).toContain(`${id}/k8s`);
    await waitFor('the new listener GET stream', () => mcp.openStreams() === 1);
  });

  it('drops the listener when the server is deleted or stops syncing', async () => {
    const { mcp, id } = await liveProject({ intervalSeconds: null });
    const w = worker();
    await w.tick();
    await waitFor('the listener GET stream', () => mcp.openStreams() === 1);

    expect((await api.delete(`/api/projects/${id}/catalog/k8s/sync`)).status).toBe(204);
    await w.tick();
    expect(w.listening()).not.toContain(`${id}/k8s`);
    await waitFor('the session to end', () => mcp.openSessions() === 0);
  });
});
