import path from 'node:path';
import type { ClientOptions } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModernMcpServer } from '@/test/mcp-server';
import { changeSurface, eventually, favindexForFile, newProxy, projectWithToken, ROOT, stdioClient, type TestClient } from './harness';

/**
 * favindex proxy in front of servers of both revisions: the three npm servers (2025-11-25 over
 * stdio) and a server that speaks 2026-07-28 only, over Streamable HTTP (negotiated) and over stdio
 * (its entry says "protocol": "auto"). Clients of either revision reach every server; a change a
 * 2026-07-28 server announces on its subscription reaches the catalog; the proxies view says
 * which revision each server speaks.
 */
const favindex = favindexForFile('favindex-modern-upstreams-test-');
const { api } = favindex;
const MODERN: ClientOptions = { versionNegotiation: { mode: { pin: '2026-07-28' } } };
const ID = 'modern-upstreams';
const MODERN_SERVER = path.join(ROOT, 'test', 'proxy', 'modern-server.mjs');

let modern: { url: string; stop(): Promise<void> };
let connect: (name: string, options?: ClientOptions) => Promise<TestClient>;

interface ListedServer {
  name: string;
  protocol: string | null;
  state: string;
}

beforeAll(async () => {
  modern = await startModernMcpServer();
  const token = await projectWithToken(api, ID);
  await changeSurface(api, ID, { mode: 'eager' });
  const { args } = newProxy(favindex, {
    name: ID,
    project: ID,
    token,
    servers: {
      'modern-http': { type: 'http', url: modern.url },
      'modern-stdio': { command: process.execPath, args: [MODERN_SERVER, 'stdio'], protocol: 'auto' },
    },
  });
  connect = async (name, options = {}) => {
    const c = await stdioClient(args, name, {}, options);
    favindex.clients.push(c);
    return c;
  };
}, 60_000);

afterAll(async () => {
  await modern?.stop();
});

/** The typed name the proxy presents for `server/tool` in eager mode. */
async function presented(c: TestClient, server: string, tool: string): Promise<string> {
  return eventually(async () => {
    const found = (await c.client.request({ method: 'tools/list', params: {} })).tools.map((t) => t.name).find((n) => n === `${server}__${tool}`);
    if (!found) throw new Error(`${server}__${tool} is not listed yet`);
    return found;
  }, 60_000);
}

const text = (result: unknown) => ((result as { content: { text?: string }[] }).content ?? []).map((c) => c.text ?? '').join('\n');

describe('favindex proxy in front of MCP 2025-11-25 and 2026-07-28 servers', () => {
  it('passes calls of a client of either revision to a 2026-07-28 server, over HTTP and stdio, as 2026-07-28 requests', async () => {
    for (const [client, options] of [
      ['legacy-client', {}],
      ['modern-client', MODERN],
    ] as const) {
      const c = await connect(client, options);
      for (const server of ['modern-http', 'modern-stdio']) {
        const name = await presented(c, server, 'whoami');
        // Each stdio client starts a proxy of its own, whose servers may still be starting.
        const whoami = await eventually(async () => {
          const result = await c.client.callTool({ name, arguments: {} });
          expect(result.isError, text(result)).toBeFalsy();
          return result;
        });
        // The server hears the proxy, in the revision the two agreed on.
        expect(JSON.parse(text(whoami))).toEqual({ protocolVersion: '2026-07-28', client: 'favindex-proxy' });
      }
      const echo = await presented(c, 'everything', 'echo');
      await eventually(async () => expect(text(await c.client.callTool({ name: echo, arguments: { message: 'old and new' } }))).toContain('old and new'));
    }
  });

  it("hears a 2026-07-28 server's list change on its subscription: the catalog and the clients' lists gain the tool", async () => {
    const c = await connect('grower', MODERN);
    const name = await presented(c, 'modern-http', 'grow');
    await eventually(async () => {
      const grow = await c.client.callTool({ name, arguments: {} });
      expect(grow.isError, text(grow)).toBeFalsy();
    });
    await eventually(async () => {
      const catalog = (await api('GET', `/api/projects/${ID}/catalog`)).body as { servers: { name: string; tools: { name: string }[] }[] };
      expect(catalog.servers.find((s) => s.name === 'modern-http')?.tools.map((t) => t.name)).toContain('grown_1');
    }, 20_000);
    expect(await presented(c, 'modern-http', 'grown_1')).toBe('modern-http__grown_1');
  });

  it('says on the proxies view which MCP revision each server speaks', async () => {
    await eventually(async () => {
      const { proxies } = (await api('GET', `/api/projects/${ID}/proxies`)).body as { proxies: { servers: ListedServer[] }[] };
      const servers = proxies.flatMap((p) => p.servers).filter((s) => s.state === 'up');
      const byName = Object.fromEntries(servers.map((s) => [s.name, s.protocol]));
      expect(byName).toEqual({
        everything: '2025-11-25',
        filesystem: '2025-11-25',
        memory: '2025-11-25',
        'modern-http': '2026-07-28',
        'modern-stdio': '2026-07-28',
      });
    }, 30_000);
  });
});
