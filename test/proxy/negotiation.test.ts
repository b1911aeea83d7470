import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/errors';
import { fetchToolsList } from '@/mcp/fetch-tools';
import { ToolsListener } from '@/mcp/tools-listener';
import { connectUpstream, type UpstreamConnection, type UpstreamEndpoint } from '@/mcp/upstream';
import { freePort, startModernMcpServer, startTestMcpServer, type TestMcpServer } from '@/test/mcp-server';
import { rejectionOf } from '@/test/rejection';
import { eventually, ROOT } from './harness';

/**
 * favindex's side of an MCP connection (catalog sync and the proxy's upstreams) in each revision a
 * server speaks: negotiated over HTTP, 2025-11-25 over stdio unless an entry says otherwise, and a
 * revision a server does not speak refused with what to set instead.
 */
const MODERN_STDIO = { command: process.execPath, args: [path.join(ROOT, 'test', 'proxy', 'modern-server.mjs'), 'stdio'] };
const MEMORY_STDIO = { command: process.execPath, args: [path.join(ROOT, 'node_modules', '@modelcontextprotocol', 'server-memory', 'dist', 'index.js')] };

let modern: { url: string; stop(): Promise<void> };
let legacy: TestMcpServer;
const open: UpstreamConnection[] = [];

beforeAll(async () => {
  modern = await startModernMcpServer();
  legacy = await startTestMcpServer({ tools: [{ name: 'old_tool', params: ['q'] }] });
});

afterAll(async () => {
  for (const connection of open) await connection.close();
  await modern?.stop();
  await legacy?.stop();
});

async function connect(endpoint: UpstreamEndpoint, onToolsChanged?: () => void): Promise<UpstreamConnection> {
  const connection = await connectUpstream(endpoint, { timeoutMs: 10_000, onToolsChanged });
  open.push(connection);
  return connection;
}

const http = (url: string, protocol?: UpstreamEndpoint['protocol']): UpstreamEndpoint => ({
  transport: 'http',
  url,
  headers: {},
  ...(protocol ? { protocol } : {}),
});
const stdio = (server: { command: string; args: string[] }, protocol?: UpstreamEndpoint['protocol']): UpstreamEndpoint => ({
  transport: 'stdio',
  ...server,
  env: {},
  ...(protocol ? { protocol } : {}),
});

describe('talking to each MCP server in the revision it speaks', () => {
  it('over HTTP, negotiates 2026-07-28 with a server that speaks only it, and 2025-11-25 with one that does not know it', async () => {
    const toModern = await connect(http(modern.url));
    expect(toModern.protocolVersion).toBe('2026-07-28');
    const toLegacy = await connect(http(legacy.url));
    expect(toLegacy.protocolVersion).toBe('2025-11-25');
    expect((await fetchToolsList({ url: modern.url, headers: {} })).map((t) => t.name)).toEqual(['echo', 'whoami', 'grow']);
    // Each request names the revision and the client, as 2026-07-28 asks.
    const whoami = await toModern.client.callTool({ name: 'whoami', arguments: {} });
    expect(JSON.parse((whoami.content as { text: string }[])[0]!.text)).toEqual({ protocolVersion: '2026-07-28', client: 'favindex-proxy' });
  });

  it('over stdio, speaks 2025-11-25 unless the entry asks for auto or 2026-07-28', async () => {
    expect((await connect(stdio(MEMORY_STDIO))).protocolVersion).toBe('2025-11-25');
    expect((await connect(stdio(MEMORY_STDIO, 'auto'))).protocolVersion).toBe('2025-11-25');
    expect((await connect(stdio(MODERN_STDIO, 'auto'))).protocolVersion).toBe('2026-07-28');
    expect((await connect(stdio(MODERN_STDIO, '2026-07-28'))).protocolVersion).toBe('2026-07-28');
  });

  it('refuses a revision the server does not speak, saying which it speaks and what to set', async () => {
    const refused = (endpoint: UpstreamEndpoint) => rejectionOf(connectUpstream(endpoint, { timeoutMs: 10_000 }), ApiError);
    const oldToNew = await refused(http(modern.url, '2025-11-25'));
    expect(oldToNew.code).toBe('UPSTREAM_REJECTED');
    expect(oldToNew.message).toMatch(/speaks MCP 2026-07-28, not 2025-11-25/);
    expect(oldToNew.suggestedAction).toMatch(/"protocol": "auto"/);
    const newToOld = await refused(http(legacy.url, '2026-07-28'));
    expect(newToOld.code).toBe('UPSTREAM_REJECTED');
    expect(newToOld.message).toMatch(/does not speak MCP 2026-07-28/);
    expect(newToOld.suggestedAction).toMatch(/"protocol": "auto"/);
    const stdioDefault = await refused(stdio(MODERN_STDIO));
    expect(stdioDefault.message).toMatch(/speaks MCP 2026-07-28, not 2025-11-25/);
    expect(stdioDefault.suggestedAction).toMatch(/"protocol": "auto"/);
  });

  it('hears a 2026-07-28 server change its list through subscriptions/listen, over HTTP and stdio', async () => {
    for (const endpoint of [http(modern.url), stdio(MODERN_STDIO, 'auto')]) {
      let changes = 0;
      const connection = await connect(endpoint, () => changes++);
      expect(connection.protocolVersion).toBe('2026-07-28');
      await connection.client.callTool({ name: 'grow', arguments: {} });
      await eventually(async () => expect(changes).toBeGreaterThan(0), 5_000);
      const names = (await connection.client.request({ method: 'tools/list', params: {} })).tools.map((t) => t.name);
      expect(names.filter((n) => n.startsWith('grown_')).length).toBeGreaterThan(0);
    }
  });

  it("keeps a live catalog sync's listener on a 2026-07-28 server: a change is synced, and a restart is found without a ping", async () => {
    const port = await freePort();
    let server = await startModernMcpServer(port);
    const reasons: string[] = [];
    const listener = new ToolsListener({
      endpoint: { url: server.url, headers: {} },
      onSync: async (_client, reason) => {
        reasons.push(reason);
      },
      heartbeatMs: 200,
      backoff: { initialMs: 50, maxMs: 200 },
      debounceMs: 20,
    }).start();
    try {
      await eventually(async () => expect(reasons).toEqual(['connect']), 10_000);
      const probe = await connect(http(server.url));
      await probe.client.callTool({ name: 'grow', arguments: {} });
      await eventually(async () => expect(reasons).toEqual(['connect', 'list_changed']), 10_000);
      // The heartbeat is server/discover on 2026-07-28 (there is no ping): a quiet session stays up.
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect([listener.state, reasons.length]).toEqual(['connected', 2]);
      // A restart ends the subscription: the listener connects again and reads the list it may have missed.
      await server.stop();
      server = await startModernMcpServer(port);
      await eventually(async () => expect(reasons).toEqual(['connect', 'list_changed', 'connect']), 15_000);
      expect(listener.state).toBe('connected');
    } finally {
      await listener.close();
      await server.stop();
    }
  });
});
