import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { SURFACE_MODES, type SurfaceMode } from '@/lib/schemas/surface-config';
import { stopChild } from '@/test/child-process';
import {
  changeSurface,
  CRASHY,
  eventually,
  favindexForFile,
  httpClient,
  httpSecret,
  listEntries,
  newProxy,
  previewEntries,
  projectWithToken,
  proxyArgs,
  ROOT,
  stdioClient,
  type TestClient,
  writeServersFile,
} from './harness';

/**
 * favindex proxy end to end: the built server (local mode, fresh PGlite) as a child process,
 * the built `favindex proxy` started by the real SDK Client over stdio (and once over
 * Streamable HTTP), in front of the reference MCP servers from npm.
 */
const favindex = favindexForFile('favindex-proxy-test-');
const { api, clients } = favindex;

async function namesOf(id: string, mode: SurfaceMode): Promise<Record<string, string>> {
  return (await api('GET', `/api/projects/${id}/surface?mode=${mode}`)).body.names;
}

/** fetch() cannot set Host: a raw request as a DNS-rebinding page would send it. */
function postWithHost(url: string, host: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'page', version: '1' } },
    });
    const req = http.request(
      url,
      { method: 'POST', headers: { host, 'content-type': 'application/json', accept: 'application/json, text/event-stream' } },
      (res) => {
        res.resume();
        resolve(res.statusCode);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const text = (result: unknown) => ((result as { content: { type: string; text?: string }[] }).content ?? []).map((c) => c.text ?? '').join('\n');

describe('favindex proxy over stdio, in front of server-everything, server-filesystem and server-memory', () => {
  const id = 'proxied';
  let token: string;
  let proxy: TestClient;
  let stateDir: string;

  beforeAll(async () => {
    token = await projectWithToken(api, id);
    stateDir = path.join(favindex.work, 'state-stdio');
    proxy = await stdioClient(proxyArgs({ url: favindex.url, project: id, token, config: writeServersFile(favindex.work, { crashy: CRASHY }), stateDir }));
    clients.push(proxy);
    // Ready: every upstream's tools uploaded as the project's catalog, and presented.
    await eventually(async () => {
      const catalog = (await api('GET', `/api/projects/${id}/catalog`)).body;
      expect(catalog.servers.map((s: { name: string }) => s.name).sort()).toEqual(['crashy', 'everything', 'filesystem', 'memory']);
      expect(listEntries((await proxy.client.listTools()).tools)).toEqual(await previewEntries(api, id, 'favindex'));
    }, 60_000);
  });

  it('says who it is, and gives the instruction in the initialize result', () => {
    expect(proxy.client.getServerVersion()?.name).toBe('favindex');
    expect(proxy.client.getInstructions()).toContain('Prefer the fav_ tools');
    expect(proxy.client.getServerCapabilities()?.tools).toEqual({ listChanged: true });
  });

  it("presents exactly the preview's list in every mode, as the session activates, calls and searches", async () => {
    const state = { activated: [] as string[], calledServers: [] as string[], query: '' };
    const same = async (mode: SurfaceMode) => {
      await eventually(async () => expect(listEntries((await proxy.client.listTools()).tools), mode).toEqual(await previewEntries(api, id, mode, state)));
    };
    for (const mode of SURFACE_MODES) {
      const heard = proxy.nextListChanged();
      await changeSurface(api, id, { mode });
      await heard;
      await same(mode);
      if (mode === 'lazy') {
        // mcp_find_tools activates what it finds; the client hears list_changed and sees them.
        const found = proxy.nextListChanged();
        const result = await proxy.client.callTool({ name: 'mcp_find_tools', arguments: { query: 'read a text file' } });
        await found;
        const names = await namesOf(id, 'lazy');
        state.activated = [...text(result).matchAll(/^- ([^:]+):/gm)].map((m) => names[m[1]!]!);
        expect(state.activated).toContain('filesystem/read_text_file');
        await same(mode);
        // A call through an activated tool reaches server-filesystem and returns its answer.
        const read = await proxy.client.callTool({ name: 'filesystem__read_text_file', arguments: { path: path.join(favindex.work, 'files', 'notes.txt') } });
        expect(text(read)).toContain('favindex proxy was here');
        state.activated = [...state.activated.filter((t) => t !== 'filesystem/read_text_file'), 'filesystem/read_text_file'];
        state.calledServers = ['filesystem'];
        await same(mode);
      }
      if (mode === 'retrieve') {
        const result = await proxy.client.callTool({ name: 'mcp_find_tools', arguments: { query: 'create entities in the knowledge graph' } });
        expect(text(result)).toContain('memory__create_entities');
        state.query = 'create entities in the knowledge graph';
        await same(mode);
      }
    }
    await changeSurface(api, id, { mode: 'favindex' });
  });

  it('sends a pin to the client as list_changed; a call through the favourite reaches the upstream and shows in /usage under its canonical name', async () => {
    await eventually(async () => expect((await proxy.client.listTools()).tools.map((t) => t.name)).toContain('all_everything_echo'));
    const heard = proxy.nextListChanged();
    expect((await api('POST', `/api/projects/${id}/favourites/pin`, { tool: 'everything/echo' })).status).toBe(200);
    await heard;
    const listed = (await proxy.client.listTools()).tools;
    expect(listed[0]).toMatchObject({ name: 'fav_echo' });
    expect(listed[0]!.inputSchema).toEqual(listed.find((t) => t.name === 'all_everything_echo')!.inputSchema);

    const result = await proxy.client.callTool({ name: 'fav_echo', arguments: { message: 'hello through favindex' } });
    expect(text(result)).toContain('hello through favindex');
    const row = await eventually(async () => {
      const usage = (await api('GET', `/api/projects/${id}/usage?window=1d`)).body;
      const echo = usage.rows.find((r: { tool: string }) => r.tool === 'everything/echo');
      expect(echo).toMatchObject({ calls: 1, pinned: true });
      return echo;
    });
    expect(row.errors).toBe(0);
    const events = (await api('GET', `/api/projects/${id}/events?limit=50`)).body.events;
    const echoEvent = events.find((e: { tool: string }) => e.tool === 'fav_echo');
    expect(echoEvent).toMatchObject({ canonical: 'everything/echo', client: 'favindex-proxy-test', status: 'ok' });
    expect(echoEvent.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(events.some((e: { tool: string }) => e.tool === 'mcp_find_tools')).toBe(true);
  });

  it('answers an unknown name with an MCP error that says what exists, and upstream errors as tool errors', async () => {
    await expect(proxy.client.callTool({ name: 'fav_no_such_tool', arguments: {} })).rejects.toThrow(/Unknown tool 'fav_no_such_tool'.*fav_echo/);
    const failed = await proxy.client.callTool({ name: 'all_crashy_fail', arguments: {} });
    expect(failed.isError).toBe(true);
    expect(text(failed)).toContain('this tool always fails');
  });

  it('passes every progress notification of an upstream on to the client, each before the result', async () => {
    // What the proxy wrote, read off the client's transport before its SDK handles it.
    const wire: JSONRPCMessage[] = [];
    const transport = proxy.client.transport;
    const sdk = transport?.onmessage;
    if (!transport || !sdk) throw new Error('the client is not connected');
    transport.onmessage = (message, extra) => {
      wire.push(message);
      sdk(message, extra);
    };
    const progress: number[] = [];
    try {
      const result = await proxy.client.callTool(
        { name: 'all_everything_trigger-long-running-operation', arguments: { duration: 0.3, steps: 3 } },
        { onprogress: (p) => progress.push(p.progress) },
      );
      expect(text(result)).toContain('Long running operation completed');
    } finally {
      transport.onmessage = sdk;
    }
    const kinds = wire.map((m) =>
      'method' in m && m.method === 'notifications/progress' ? `progress ${(m.params as { progress: number }).progress}` : 'other',
    );
    // server-everything sends its last progress right before its result: the proxy passes all three, in order.
    expect(kinds.slice(-4)).toEqual(['progress 1', 'progress 2', 'progress 3', 'other']);
    // The SDK client forgets a request's progress handler when its result arrives, so it can
    // lose the last progress when that comes in the same read as the result: the ones before it not.
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress).toEqual([1, 2, 3].slice(0, progress.length));
  });

  it('restarts an upstream that died, and a call sent meanwhile waits for it and is served by the new process', async () => {
    const first = text(await proxy.client.callTool({ name: 'all_crashy_ok', arguments: {} }));
    const crashed = await proxy.client.callTool({ name: 'all_crashy_crash', arguments: {} });
    expect(crashed.isError).toBe(true);
    expect(text(crashed)).toMatch(/crashy/);
    // Sent at once, while the proxy starts the server again: it waits for it (#46), where it used to fail as unavailable.
    const again = await proxy.client.callTool({ name: 'all_crashy_ok', arguments: {} });
    expect(again.isError, text(again)).toBeFalsy();
    expect(text(again)).toMatch(/^pid \d+$/);
    expect(text(again)).not.toBe(first);
    expect(proxy.stderr()).toMatch(/crashy: .*restarting in/);
    await eventually(async () => {
      const events = (await api('GET', `/api/projects/${id}/events?limit=100`)).body.events as { tool: string; errorCode: string | null }[];
      const codes = (tool: string) => events.filter((e) => e.tool === tool).map((e) => e.errorCode);
      expect(codes('all_crashy_crash')).toEqual([expect.stringMatching(/^upstream_(error|unavailable)$/)]);
      expect(codes('all_crashy_ok')).toEqual([null, null]);
    });
  });
});

describe('favindex proxy over Streamable HTTP', () => {
  it('gives each client its own session, presents the same list, and traces each session apart', async () => {
    const id = 'proxied-http';
    const token = await projectWithToken(api, id);
    const { args, stateDir } = newProxy(favindex, { name: 'http', project: id, token, extra: ['--listen', '127.0.0.1:0'] });
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    try {
      const url = await eventually(async () => {
        const match = /listening on (http:\/\/\S+\/mcp)/.exec(stderr);
        if (!match) throw new Error(`not listening yet:\n${stderr}`);
        return match[1]!;
      }, 30_000);
      const secret = httpSecret(stateDir);
      const [a, b] = [await httpClient(url, secret, 'client-a'), await httpClient(url, secret, 'client-b')];
      clients.push(a, b);
      await eventually(async () => {
        expect(listEntries((await a.client.listTools()).tools)).toEqual(await previewEntries(api, id, 'favindex'));
        expect((await api('GET', `/api/projects/${id}/catalog`)).body.servers).toHaveLength(3);
      }, 60_000);
      expect(listEntries((await b.client.listTools()).tools)).toEqual(listEntries((await a.client.listTools()).tools));
      expect(a.client.getInstructions()).toContain('Prefer the fav_ tools');

      const heardA = a.nextListChanged();
      const heardB = b.nextListChanged();
      expect((await api('POST', `/api/projects/${id}/favourites/pin`, { tool: 'memory/read_graph' })).status).toBe(200);
      await Promise.all([heardA, heardB]);
      for (const c of [a, b]) expect(text(await c.client.callTool({ name: 'fav_read_graph', arguments: {} }))).toContain('entities');

      const events = await eventually(async () => {
        const list = (await api('GET', `/api/projects/${id}/events?limit=10`)).body.events as { client: string; sessionId: string; canonical: string }[];
        expect(list).toHaveLength(2);
        return list;
      });
      expect(events.map((e) => e.canonical)).toEqual(['memory/read_graph', 'memory/read_graph']);
      expect(events.map((e) => e.client).sort()).toEqual(['client-a', 'client-b']);
      // Each trace carries its MCP session's id (Mcp-Session-Id).
      expect(events.map((e) => e.sessionId).sort()).toEqual([a.sessionId, b.sessionId].sort());
      // A page on another site cannot drive it: a non-loopback Host is refused.
      expect(await postWithHost(url, 'evil.example')).toBe(403);
    } finally {
      await stopChild(child);
    }
    expect(stderr).not.toMatch(/unexpected|TypeError/);
  });
});
