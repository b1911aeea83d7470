import { afterAll, describe, expect, it } from 'vitest';
import { api, expectEnvelope, ndjson } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { allowLoopbackSync } from '@/test/sync-targets';
import { createTestProject, event, fixtureCatalog } from '@/test/fixtures';
import { freePort, startEverythingServer, startModernMcpServer, startTestMcpServer, type TestMcpServer, type TestTool } from '@/test/mcp-server';

setupTestDatabase();
allowLoopbackSync();

const SECRET = 'Bearer s3cret-token-0f9e';
const servers: TestMcpServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});

function numbered(count: number, prefix = 'tool'): TestTool[] {
  return Array.from({ length: count }, (_, i) => ({ name: `${prefix}_${String(i).padStart(2, '0')}`, description: `Tool ${i}`, params: ['q'] }));
}

async function mcpServer(tools: TestTool[], options: { pageSize?: number; secret?: boolean } = {}) {
  const server = await startTestMcpServer({
    tools,
    pageSize: options.pageSize,
    requireHeaders: options.secret === false ? undefined : { authorization: SECRET },
  });
  servers.push(server);
  return server;
}

async function catalogOf(id: string) {
  return (await api.get(`/api/projects/${id}/catalog`)).body;
}

/** The catalog a new project syncs, as `name`, from the server `start` brings up; the server is stopped afterwards. */
async function syncedFrom(start: () => Promise<{ url: string; stop(): Promise<void> }>, name: string) {
  const upstream = await start();
  try {
    const id = await createTestProject();
    const res = await api.put(`/api/projects/${id}/catalog/${name}/sync`, { json: { url: upstream.url } });
    expect(res.status).toBe(201);
    return (await catalogOf(id)).servers[0];
  } finally {
    await upstream.stop();
  }
}

describe('catalog sync API (live MCP servers over Streamable HTTP)', () => {
  it('registers a server by URL, reads every page of its tools/list, and never returns the secret', async () => {
    const mcp = await mcpServer(numbered(25), { pageSize: 10 });
    const id = await createTestProject(['github']);

    const res = await api.put(`/api/projects/${id}/catalog/live/sync`, {
      json: { url: mcp.url, headers: { Authorization: SECRET }, intervalSeconds: 600 },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ server: 'live', version: 1, changed: true, superseded: false });
    expect(res.body.added).toHaveLength(25);
    expect(mcp.listRequests()).toBe(3);
    // The client left: it ended its session instead of leaving it open on the server.
    expect(mcp.openSessions()).toBe(0);

    const catalog = await catalogOf(id);
    expect(catalog.servers.map((s: { name: string }) => s.name)).toEqual(['github', 'live']);
    const live = catalog.servers[1];
    expect(live.tools.map((t: { name: string }) => t.name)).toEqual(numbered(25).map((t) => t.name));
    expect(live.tools[0]).toMatchObject({ description: 'Tool 0', inputSchema: { type: 'object', required: ['q'] } });
    expect(live.sync).toMatchObject({ url: mcp.url, headers: { Authorization: 'Bearer ••••••' }, intervalSeconds: 600, lastError: null });
    expect(Date.parse(live.sync.nextSyncAt) - Date.now()).toBeGreaterThan(590_000);
    expect(live.sync.lastSyncOkAt).not.toBeNull();
    expect(catalog.servers[0].sync).toBeNull();

    const view = await api.get(`/api/projects/${id}/catalog/live/sync`);
    expect(view.status).toBe(200);
    expect(view.body).toEqual(live.sync);
    const versions = await api.get(`/api/projects/${id}/catalog/live/versions`);
    expect(versions.body.versions[0]).toMatchObject({ version: 1, source: 'sync:manual', toolCount: 25 });
    for (const text of [res.text, view.text, versions.text, JSON.stringify(catalog)]) expect(text).not.toContain('s3cret');
  });

  it('sync now stores what changed as a new version and resolves calls waiting for it', async () => {
    const mcp = await mcpServer(numbered(3));
    const id = await createTestProject();
    await api.put(`/api/projects/${id}/catalog/live/sync`, { json: { url: mcp.url, headers: { Authorization: SECRET } } });
    await api.post(`/api/projects/${id}/events`, {
      body: ndjson([event('e-new', 'brand_new')]),
      headers: { 'content-type': 'application/x-ndjson' },
    });

    const tools = numbered(3).filter((t) => t.name !== 'tool_01');
    tools[0] = { ...tools[0]!, description: 'Changed' };
    tools.push({ name: 'brand_new', description: 'Added on the server' });
    mcp.setTools(tools, { notify: false });

    const sync = await api.post(`/api/projects/${id}/catalog/live/sync`);
    expect(sync.status).toBe(200);
    expect(sync.body).toMatchObject({
      version: 2,
      changed: true,
      added: ['brand_new'],
      removed: ['tool_01'],
      changedTools: ['tool_00'],
      resolvedCalls: 1,
    });
    const events = await api.get(`/api/projects/${id}/events`);
    expect(events.body.events[0]).toMatchObject({ id: 'e-new', canonical: 'live/brand_new', kind: 'tool' });

    const again = await api.post(`/api/projects/${id}/catalog/live/sync`);
    expect(again.body).toMatchObject({ version: 2, changed: false });
    const versions = (await api.get(`/api/projects/${id}/catalog/live/versions`)).body.versions;
    expect(versions.map((v: { version: number; source: string }) => [v.version, v.source])).toEqual([
      [2, 'sync:manual'],
      [1, 'sync:manual'],
    ]);
    expect(versions[0]).toMatchObject({ added: ['brand_new'], removed: ['tool_01'], changed: ['tool_00'] });
  });

  it('refuses unreachable, refusing and invalid servers with the envelope, and stores nothing', async () => {
    const mcp = await mcpServer(numbered(2));
    const id = await createTestProject(['memory']);
    const before = await catalogOf(id);
    const put = (body: unknown, server = 'live') => api.put(`/api/projects/${id}/catalog/${server}/sync`, { json: body });

    // Whatever keeps a target from becoming an MCP session reads alike (§catalog): no probing ports through favindex.
    const closedPort = await freePort();
    const down = await put({ url: `http://127.0.0.1:${closedPort}/mcp` });
    expectEnvelope(down, 502, 'UPSTREAM_UNAVAILABLE');
    expect(down.body.retryable).toBe(true);
    const wrongSecret = await put({ url: mcp.url, headers: { Authorization: 'Bearer wrong' } });
    const wrongPath = await put({ url: mcp.url.replace('/mcp', '/other'), headers: { Authorization: SECRET } });
    for (const refused of [wrongSecret, wrongPath]) {
      expectEnvelope(refused, 502, 'UPSTREAM_UNAVAILABLE');
      expect(refused.body).toEqual(down.body);
    }
    expect(wrongSecret.text).not.toContain('wrong');

    const dupes = await mcpServer([{ name: 'same' }, { name: 'same' }], { secret: false });
    const invalid = await put({ url: dupes.url });
    expectEnvelope(invalid, 502, 'UPSTREAM_INVALID');
    expect(invalid.body.details[0]).toMatchObject({ path: 'tools[1].name', message: "duplicate tool name 'same'" });

    expectEnvelope(await put({ url: 'ftp://example.com/mcp' }), 422, 'VALIDATION_FAILED');
    const reserved = await put({ url: mcp.url, headers: { 'Content-Type': 'text/plain' } });
    expectEnvelope(reserved, 422, 'VALIDATION_FAILED');
    expect(reserved.body.details[0].message).toContain('set by the MCP transport');
    expectEnvelope(await put({ url: mcp.url, headers: { 'X-Key': 'a\r\nb' } }), 422, 'VALIDATION_FAILED');
    expectEnvelope(await put({ url: mcp.url, intervalSeconds: 5 }), 422, 'VALIDATION_FAILED');
    expectEnvelope(await put({ url: mcp.url, extra: true }), 422, 'VALIDATION_FAILED');
    expectEnvelope(await put({ url: mcp.url }, 'bad name'), 400, 'INVALID_PARAMETER');
    expectEnvelope(await api.put(`/api/projects/ghost/catalog/live/sync`, { json: { url: mcp.url } }), 404, 'PROJECT_NOT_FOUND');

    expect(await catalogOf(id)).toEqual(before);
  });

  it('records a failed sync as the last error, keeps the catalog, and clears the error once it works again', async () => {
    const mcp = await mcpServer(numbered(4));
    const id = await createTestProject();
    await api.put(`/api/projects/${id}/catalog/live/sync`, { json: { url: mcp.url, headers: { Authorization: SECRET } } });
    const before = (await catalogOf(id)).servers[0];

    await mcp.stop();
    const failed = await api.post(`/api/projects/${id}/catalog/live/sync`);
    expectEnvelope(failed, 502, 'UPSTREAM_UNAVAILABLE');
    const after = (await catalogOf(id)).servers[0];
    expect(after.tools).toEqual(before.tools);
    expect(after.version).toBe(before.version);
    expect(after.sync.lastError).toBe(failed.body.message);
    expect(after.sync.lastSyncOkAt).toBe(before.sync.lastSyncOkAt);

    await mcp.restart();
    const ok = await api.post(`/api/projects/${id}/catalog/live/sync`);
    expect(ok.status).toBe(200);
    expect(ok.body.sync.lastError).toBeNull();
  });

  it('keeps the stored headers when re-registered without them, and stops syncing on DELETE', async () => {
    const mcp = await mcpServer(numbered(2));
    const id = await createTestProject(['memory']);
    await api.put(`/api/projects/${id}/catalog/live/sync`, { json: { url: mcp.url, headers: { Authorization: SECRET } } });

    // The server insists on the secret, so this only succeeds with the stored headers.
    const changed = await api.put(`/api/projects/${id}/catalog/live/sync`, { json: { url: mcp.url, intervalSeconds: null } });
    expect(changed.status).toBe(200);
    expect(changed.body.sync).toMatchObject({ intervalSeconds: null, nextSyncAt: null, headers: { Authorization: 'Bearer ••••••' } });

    expectEnvelope(await api.post(`/api/projects/${id}/catalog/memory/sync`), 409, 'SYNC_NOT_CONFIGURED');
    expectEnvelope(await api.get(`/api/projects/${id}/catalog/memory/sync`), 409, 'SYNC_NOT_CONFIGURED');
    expectEnvelope(await api.post(`/api/projects/${id}/catalog/nope/sync`), 404, 'SERVER_NOT_FOUND');

    expect((await api.delete(`/api/projects/${id}/catalog/live/sync`)).status).toBe(204);
    const live = (await catalogOf(id)).servers.find((s: { name: string }) => s.name === 'live');
    expect(live).toMatchObject({ toolCount: 2, sync: null });
    expectEnvelope(await api.post(`/api/projects/${id}/catalog/live/sync`), 409, 'SYNC_NOT_CONFIGURED');
    expectEnvelope(await api.delete(`/api/projects/${id}/catalog/live/sync`), 409, 'SYNC_NOT_CONFIGURED');

    // A pushed server can be switched to live sync; its history continues.
    await api.put(`/api/projects/${id}/catalog/memory`, { json: fixtureCatalog('memory') });
    const switched = await api.put(`/api/projects/${id}/catalog/memory/sync`, { json: { url: mcp.url, headers: { Authorization: SECRET } } });
    expect(switched.status).toBe(200);
    expect(switched.body).toMatchObject({ version: 2, changed: true });
  });

  it('reads the catalog of @modelcontextprotocol/server-everything served over Streamable HTTP from its npm package', async () => {
    const server = await syncedFrom(startEverythingServer, 'everything');
    const names = server.tools.map((t: { name: string }) => t.name);
    expect(names).toEqual(expect.arrayContaining(['echo', 'get-sum', 'get-tiny-image', 'trigger-long-running-operation']));
    expect(server.tools.find((t: { name: string }) => t.name === 'get-sum').inputSchema.properties).toHaveProperty('a');
  });

  it('reads the catalog of a server that speaks MCP 2026-07-28 only, negotiated with server/discover', async () => {
    const server = await syncedFrom(startModernMcpServer, 'modern');
    expect(server.tools.map((t: { name: string }) => t.name)).toEqual(['echo', 'whoami', 'grow']);
    expect(server.sync.lastError).toBeNull();
  });
});
