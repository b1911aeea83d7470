import fs from 'node:fs';
import path from 'node:path';
import type { ClientOptions } from '@modelcontextprotocol/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { SURFACE_MODES, type SurfaceMode } from '@/lib/schemas/surface-config';
import {
  changeSurface,
  eventually,
  favindexForFile,
  httpClient,
  httpSecret,
  newProxy,
  projectWithToken,
  proxyArgs,
  proxyFolder,
  ROOT,
  stdioClient,
  type TestClient,
} from './harness';
import { listeningProxy } from './listening-proxy';

/**
 * MCP 2026-07-28 through favindex proxy, over stdio and Streamable HTTP, with the SDK v2 Client
 * pinned to that revision: no initialize, no protocol session, and a tools/list that must not vary
 * per connection or with the calls made before it (§surface, protocol revisions).
 */
const favindex = favindexForFile('favindex-stateless-test-');
const { api } = favindex;

const MODERN: ClientOptions = { versionNegotiation: { mode: { pin: '2026-07-28' } } };
const MODERN_UPSTREAM = { command: process.execPath, args: [path.join(ROOT, 'test', 'proxy', 'modern-server.mjs'), 'stdio'], protocol: '2026-07-28' };

/**
 * What a fresh session lists in the preview, where a search mode adds mcp_invoke_tool after
 * mcp_find_tools: what a search finds is called through it, since the list may not grow.
 */
async function statelessNames(id: string, mode: SurfaceMode): Promise<string[]> {
  const res = await api('GET', `/api/projects/${id}/preview?${new URLSearchParams({ mode, agentTools: '0' })}`);
  expect(res.status).toBe(200);
  const names: string[] = res.body.modes[0].tools.map((t: { name: string }) => t.name);
  return names.flatMap((n) => (n === 'mcp_find_tools' ? [n, 'mcp_invoke_tool'] : [n]));
}

/** The tools/list result as it came, for byte comparison (the SDK's list verbs would cache it). */
async function rawList(c: TestClient): Promise<{ text: string; ttlMs: unknown; cacheScope: unknown; names: string[] }> {
  const result = (await c.client.request({ method: 'tools/list', params: {} })) as { tools: { name: string }[]; ttlMs?: unknown; cacheScope?: unknown };
  return { text: JSON.stringify(result.tools), ttlMs: result.ttlMs, cacheScope: result.cacheScope, names: result.tools.map((t) => t.name) };
}

/** The call a model would make in this mode: a search where there is one, else the first typed tool. */
async function someCalls(c: TestClient, names: string[]): Promise<void> {
  if (names.includes('mcp_find_tools')) {
    const found = await c.client.callTool({ name: 'mcp_find_tools', arguments: { query: 'echo a message' } });
    expect(JSON.stringify(found.content)).toMatch(/mcp_invoke_tool/);
  }
  if (names.includes('mcp_invoke_tool')) {
    // Over stdio each connection is a proxy of its own, whose servers may still be starting.
    await eventually(async () => {
      const echoed = await c.client.callTool({ name: 'mcp_invoke_tool', arguments: { server: 'everything', tool: 'echo', arguments: { message: 'hi' } } });
      expect(echoed.isError ? JSON.stringify(echoed.content) : 'ok').toBe('ok');
    });
    if (names.includes('mcp_find_tools')) {
      // What a search found is called by its typed name too, though it never joins the list.
      const typed = await c.client.callTool({ name: 'everything__echo', arguments: { message: 'hi' } });
      expect(typed.isError ? JSON.stringify(typed.content) : 'ok').toBe('ok');
    }
  }
  const echo = names.find((n) => /everything.*echo$/.test(n));
  if (echo) await eventually(async () => expect((await c.client.callTool({ name: echo, arguments: { message: 'hi' } })).isError).toBeFalsy());
}

describe.each(['stdio', 'http'] as const)('favindex proxy on MCP 2026-07-28 over %s', (transport) => {
  const id = `stateless-${transport}`;
  let connect: (name: string, options?: ClientOptions) => Promise<TestClient>;

  beforeAll(async () => {
    const token = await projectWithToken(api, id);
    const { args, stateDir } = newProxy(favindex, {
      name: id,
      project: id,
      token,
      // Behind it, the three npm servers (2025-11-25) and one that speaks 2026-07-28 only.
      servers: { modern: MODERN_UPSTREAM },
      extra: transport === 'http' ? ['--listen', '127.0.0.1:0'] : [],
    });
    if (transport === 'stdio') {
      connect = async (name, options = MODERN) => {
        const c = await stdioClient(args, name, {}, options);
        favindex.clients.push(c);
        return c;
      };
    } else {
      const { child, url } = await listeningProxy(args);
      favindex.children.push(child);
      const secret = httpSecret(stateDir);
      connect = async (name, options = MODERN) => {
        const c = await httpClient(url, secret, name, options);
        favindex.clients.push(c);
        return c;
      };
    }
    const first = await connect('first');
    expect(first.client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    await eventually(async () => expect((await api('GET', `/api/projects/${id}/catalog`)).body.servers).toHaveLength(4), 60_000);
  }, 90_000);

  it('answers tools/list the same, byte for byte, on every connection and after calls, in every mode', async () => {
    // Over stdio a connection is a proxy of its own, with four servers: two connections serve
    // every mode (a list may not vary with the calls made before it, in this mode or another).
    // Over HTTP each mode has two new sessions of the one proxy.
    const kept = transport === 'stdio' ? [await connect('agent'), await connect('agent')] : null;
    const newList = async (c: TestClient, expected: string[]) => {
      // The proxy reads the surface every 0.2 s here: the new mode's list comes within a poll or two.
      return eventually(async () => {
        const list = await rawList(c);
        expect(list.names).toEqual(expected);
        return list;
      });
    };
    for (const mode of SURFACE_MODES) {
      await changeSurface(api, id, { mode });
      const a = kept?.[0] ?? (await connect('agent'));
      const expected = await statelessNames(id, mode);
      const before = await newList(a, expected);
      await someCalls(a, before.names);
      const b = kept?.[1] ?? (await connect('agent'));
      if (kept) await newList(b, expected);
      const [afterA, afterB] = [await rawList(a), await rawList(b)];
      expect({ mode, list: afterA.text }).toEqual({ mode, list: before.text });
      expect({ mode, list: afterB.text }).toEqual({ mode, list: before.text });
      // The list may be kept until the proxy could next see a change, and only by this caller.
      expect([before.ttlMs, before.cacheScope]).toEqual([200, 'private']);
    }
  }, 180_000);

  it('tells a subscribed client of a pin, and its next list has the favourite', async () => {
    await changeSurface(api, id, { mode: 'favindex' });
    const c = await connect('subscriber');
    // The mode change must have reached the proxy first: else its own notice could be taken for the pin's.
    const favindexList = await statelessNames(id, 'favindex');
    await eventually(async () => expect((await rawList(c)).names).toEqual(favindexList));
    expect(favindexList).not.toContain('fav_read_graph');
    const heard = c.nextListChanged();
    const subscription = await c.client.listen({ toolsListChanged: true });
    expect(subscription.honoredFilter).toMatchObject({ toolsListChanged: true });
    expect((await api('POST', `/api/projects/${id}/favourites/pin`, { tool: 'memory/read_graph' })).status).toBe(200);
    await heard;
    expect((await rawList(c)).names).toContain('fav_read_graph');
  }, 60_000);

  it('still serves a 2025-11-25 client its session, beside 2026-07-28 requests', async () => {
    const legacy = await connect('legacy', {});
    expect(legacy.client.getNegotiatedProtocolVersion()).toBe('2025-11-25');
    const echo = (await legacy.client.listTools()).tools.find((t) => /everything.*echo$/.test(t.name))!.name;
    await eventually(async () => expect((await legacy.client.callTool({ name: echo, arguments: { message: 'hi' } })).isError).toBeFalsy());
    // Each trace says the revision its call came over.
    await eventually(async () => {
      const { events } = (await api('GET', `/api/projects/${id}/events?limit=500`)).body as { events: { client: string; protocolVersion: string }[] };
      const revisions = new Set(events.map((e) => `${e.client} ${e.protocolVersion}`));
      expect(revisions).toContain('legacy 2025-11-25');
      expect(revisions).toContain('agent 2026-07-28');
    });
  }, 60_000);
});

describe('favindex proxy --protocol', () => {
  let args: (protocol: string) => string[];

  beforeAll(async () => {
    const id = 'stateless-pinned';
    const token = await projectWithToken(api, id);
    const { dir, stateDir } = proxyFolder(favindex.work, id);
    // No server behind it: what is checked is the revision a client is served at initialize.
    const config = path.join(dir, 'servers.json');
    fs.writeFileSync(config, JSON.stringify({ mcpServers: {} }));
    args = (protocol) => proxyArgs({ url: favindex.url, project: id, token, config, stateDir, extra: ['--protocol', protocol] });
  }, 60_000);

  it('pinned to 2026-07-28, refuses a 2025-11-25 client and serves a 2026-07-28 one', async () => {
    await expect(stdioClient(args('2026-07-28'), 'legacy-client')).rejects.toThrow(/protocol version|2026-07-28/i);
    const modern = await stdioClient(args('2026-07-28'), 'modern-client', {}, MODERN);
    favindex.clients.push(modern);
    expect(modern.client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
  }, 60_000);

  it('pinned to 2025-11-25, gives a client pinned to 2026-07-28 nothing to negotiate', async () => {
    await expect(stdioClient(args('2025-11-25'), 'modern-client', {}, MODERN)).rejects.toMatchObject({ code: 'ERA_NEGOTIATION_FAILED' });
    const legacy = await stdioClient(args('2025-11-25'), 'legacy-client');
    favindex.clients.push(legacy);
    expect(legacy.client.getNegotiatedProtocolVersion()).toBe('2025-11-25');
  }, 60_000);
});
