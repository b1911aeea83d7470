import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_SERVERS } from '@/lib/demo/catalogs';
import { changeSurface, eventually, favindexForFile, proxyArgs, proxyFolder, ROOT, stdioClient, type TestClient } from './harness';

/**
 * A proxy reports itself, and the dashboard counts what its client receives: the SDK Client over
 * stdio → favindex proxy → server-filesystem and server-memory, with github uploaded by hand
 * and run by no proxy.
 */
const favindex = favindexForFile('favindex-proxy-reports-');
const { api, url, work } = favindex;
let client: TestClient | null = null;

const pkg = (name: string) => path.join(ROOT, 'node_modules', '@modelcontextprotocol', name, 'dist', 'index.js');

afterAll(async () => {
  await client?.close().catch(() => {});
});

function twoServers(dir: string): string {
  const files = path.join(dir, 'files');
  fs.mkdirSync(files, { recursive: true });
  const file = path.join(dir, 'servers.json');
  const mcpServers = {
    filesystem: { command: process.execPath, args: [pkg('server-filesystem'), files] },
    memory: { command: process.execPath, args: [pkg('server-memory')], env: { MEMORY_FILE_PATH: path.join(dir, 'memory.jsonl') } },
  };
  fs.writeFileSync(file, JSON.stringify({ mcpServers }));
  return file;
}

interface ListedProxy {
  id: string;
  connected: boolean;
  state: string;
  servers: { name: string; state: string; tools: number }[];
  clients: { name: string; sessions: number }[];
  presented: { count: number };
}

describe('favindex proxy reports itself, and the preview counts what its client receives', () => {
  it('reports its servers and client, the preview equals the client’s tools/list, a pin of an uploaded-only tool warns, and its stop is reported', async () => {
    const id = 'proxy-reports';
    expect((await api('POST', '/api/projects', { id })).status).toBe(201);
    const token = (await api('POST', `/api/projects/${id}/tokens`, { name: 'proxy', scopes: ['events:write', 'surface:read', 'catalog:write'] })).body.token;
    const github = DEMO_SERVERS.find((s) => s.server === 'github');
    expect((await api('PUT', `/api/projects/${id}/catalog/github`, { tools: github?.tools })).status).toBe(201);

    const { dir, stateDir } = proxyFolder(work, 'laptop');
    const proxyClient = await stdioClient(proxyArgs({ url, project: id, token, config: twoServers(dir), stateDir }), 'claude-code');
    client = proxyClient;

    const proxy = await eventually(async () => {
      const { proxies } = (await api('GET', `/api/projects/${id}/proxies`)).body as { proxies: ListedProxy[] };
      expect(proxies).toHaveLength(1);
      const [only] = proxies;
      expect(only).toMatchObject({ connected: true, clients: [{ name: 'claude-code', sessions: 1, protocols: ['2025-11-25'] }] });
      expect(only?.servers.map((s) => [s.name, s.state])).toEqual([
        ['filesystem', 'up'],
        ['memory', 'up'],
      ]);
      return only;
    });
    expect(fs.readFileSync(path.join(stateDir, 'proxy-id'), 'utf8').trim()).toBe(proxy?.id);

    for (const mode of ['favindex', 'eager'] as const) {
      const current = (await api('GET', `/api/projects/${id}`)).body;
      expect((await api('PATCH', `/api/projects/${id}`, { surface: { ...current.surface, mode, agentTools: 0 } })).status).toBe(200);
      await eventually(async () => {
        const listed = (await proxyClient.client.listTools()).tools;
        const preview = (await api('GET', `/api/projects/${id}/preview?mode=${mode}&detail=names`)).body;
        expect(preview.proxies).toEqual({ connected: 1, uploadedOnly: [{ server: 'github', tools: github?.tools.length }] });
        expect(listed.length).toBeGreaterThan(0);
        expect(preview.modes[0].count).toBe(listed.length);
        expect(preview.modes[0].tools.map((t: { name: string }) => t.name)).toEqual(listed.map((t) => t.name));
      });
    }

    const pin = await api('POST', `/api/projects/${id}/favourites/pin`, { tool: 'github/create_issue' });
    expect(pin.status).toBe(200);
    expect(pin.body.warning).toContain("github/create_issue reaches no client: the connected proxy does not run 'github'");
    expect((await api('POST', `/api/projects/${id}/favourites/pin`, { tool: 'memory/read_graph' })).body.warning).toBeNull();

    await proxyClient.close();
    client = null;
    await eventually(async () => {
      const { proxies } = (await api('GET', `/api/projects/${id}/proxies`)).body as { proxies: ListedProxy[] };
      expect(proxies[0]).toMatchObject({ id: proxy?.id, connected: false, state: 'stopped' });
    });
    expect((await api('GET', `/api/projects/${id}/preview?mode=eager`)).body.proxies).toBeNull();
  });

  it("leaves out a tool nested deeper than a catalog may, says why once and on its server's line, and serves the server's other tools without a restart", async () => {
    const id = 'proxy-deep-tool';
    expect((await api('POST', '/api/projects', { id })).status).toBe(201);
    const token = (await api('POST', `/api/projects/${id}/tokens`, { name: 'proxy', scopes: ['events:write', 'surface:read', 'catalog:write'] })).body.token;
    await changeSurface(api, id, { mode: 'eager' });
    const { dir, stateDir } = proxyFolder(work, 'deep');
    const config = path.join(dir, 'servers.json');
    const deepServer = { command: process.execPath, args: [path.join(ROOT, 'test', 'proxy', 'deep-schema-server.mjs')] };
    fs.writeFileSync(config, JSON.stringify({ mcpServers: { deep: deepServer } }));
    const proxyClient = await stdioClient(proxyArgs({ url, project: id, token, config, stateDir }), 'claude-code');
    client = proxyClient;

    // favindex holds the two tools a catalog can, and the proxy says on the server's line what it left out.
    const reported = await eventually(async () => {
      const catalog = (await api('GET', `/api/projects/${id}/catalog/deep`)).body as { tools: { name: string }[] };
      expect(catalog.tools?.map((t) => t.name)).toEqual(['echo', 'time']);
      const { proxies } = (await api('GET', `/api/projects/${id}/proxies`)).body as { proxies: ListedProxy[] };
      const [deep] = proxies[0]?.servers ?? [];
      expect(deep).toMatchObject({ name: 'deep', state: 'up', tools: 2, restarts: 0 });
      return deep as ListedProxy['servers'][number] & { lastError: string };
    }, 60_000);
    expect(reported.lastError).toMatch(/^left out tool 'nested' \(it nests deeper than a catalog may \(64 levels/);

    // The client is served the other tools, and a call of one reaches the server.
    const listed = await eventually(async () => {
      const names = (await proxyClient.client.listTools()).tools.map((t) => t.name);
      expect(names.some((name) => name.endsWith('echo'))).toBe(true);
      return names;
    });
    expect(listed.some((name) => name.includes('nested'))).toBe(false);
    const echo = listed.find((name) => name.endsWith('echo')) ?? 'echo';
    const answer = await proxyClient.client.callTool({ name: echo, arguments: { text: 'still here' } });
    expect(answer).toMatchObject({ content: [{ type: 'text', text: 'still here' }] });
    expect(answer.isError).toBeFalsy();

    // Said once on stderr, and the server was never restarted for it.
    const saidLines = proxyClient.stderr().split('\n');
    expect(saidLines.filter((line) => line.includes("left out tool 'nested'"))).toHaveLength(1);
    expect(proxyClient.stderr()).not.toMatch(/deep: .*restarting/);
    await proxyClient.close();
    client = null;
  });
});
