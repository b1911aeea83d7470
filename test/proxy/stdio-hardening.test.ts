import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopChild } from '@/test/child-process';
import { freePort } from '@/test/mcp-server';
import { processAlive as alive } from '@/lib/process-alive';
import { RawProxy } from './raw-proxy';
import { CRASHY, eventually, httpClient, httpSecret, proxyArgs, spooledEvents, stdioClient, type TestClient } from './harness';

/**
 * The built `favindex proxy` over stdio at its limits (issue 20, items 3, 6, 7): an 11 MiB
 * result, a client that writes what is not an MCP message, and SIGTERM with servers that hang.
 * favindex is not there (a closed port, or one that never answers): none of this needs it.
 */
let work: string;
let hungFavindex: http.Server;
const MiB = 1024 * 1024;

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'favindex-stdio-hardening-'));
  // Takes the connection and never answers: a report or a trace batch waits for it.
  hungFavindex = http.createServer(() => {});
  await new Promise<void>((resolve) => hungFavindex.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  hungFavindex?.closeAllConnections();
  hungFavindex?.close();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

/** A folder with an mcpServers file of `servers`, and the proxy's arguments for it. */
async function setUp(name: string, servers: Record<string, unknown>, options: { url?: string; extra?: string[] } = {}) {
  const dir = path.join(work, name);
  fs.mkdirSync(dir);
  const config = path.join(dir, 'servers.json');
  fs.writeFileSync(config, JSON.stringify({ mcpServers: servers }));
  const stateDir = path.join(dir, 'state');
  const url = options.url ?? `http://127.0.0.1:${await freePort()}`;
  return { dir, stateDir, args: proxyArgs({ url, project: 'stdio', token: 'unused', config, stateDir, extra: options.extra }) };
}

const running: ChildProcess[] = [];
afterAll(async () => {
  for (const child of running) await stopChild(child, 'SIGKILL');
});

function start(args: string[]): RawProxy {
  const proxy = new RawProxy(args, work);
  running.push(proxy.child);
  return proxy;
}

const text = (result: unknown) => ((result as { content: { type: string; text?: string }[] }).content ?? []).map((c) => c.text ?? '').join('\n');

describe('a tool result over the message limit', () => {
  let proxy: TestClient;
  let stateDir: string;

  beforeAll(async () => {
    const setup = await setUp('big', { crashy: CRASHY });
    stateDir = setup.stateDir;
    proxy = await stdioClient(setup.args);
  });

  afterAll(async () => {
    await proxy?.close();
  });

  it('fails that call alone, saying so; a call in flight on the same server succeeds and the server keeps its state', async () => {
    const before = text(await proxy.client.callTool({ name: 'all_crashy_count', arguments: {} }));
    expect(before).toMatch(/^call 1 of pid \d+$/);
    const slow = proxy.client.callTool({ name: 'all_crashy_slow', arguments: { ms: 1_500 } });
    const big = await proxy.client.callTool({ name: 'all_crashy_big', arguments: { mb: 11 } });
    expect(big.isError).toBe(true);
    expect(text(big)).toMatch(/^the result of big \(MCP server 'crashy'\) was 11\.0 MiB; the proxy passes at most 10 MiB per message \(--max-message-mb\)$/);
    expect(text(await slow)).toBe('slept 1500 ms');
    // The same process, counting on: no restart.
    expect(text(await proxy.client.callTool({ name: 'all_crashy_count', arguments: {} }))).toBe(before.replace('call 1', 'call 2'));
    expect(proxy.stderr()).not.toMatch(/restarting/);
    const traces = await eventually(async () => {
      const found = spooledEvents(stateDir).filter((e) => e.tool === 'all_crashy_big');
      expect(found).toHaveLength(1);
      return found;
    });
    expect(traces[0]).toMatchObject({ status: 'error', errorCode: 'result_too_large', canonical: 'crashy/big' });
  });
});

describe('--max-message-mb', () => {
  it('sets the limit: a result over it fails with the limit named, one under it passes', async () => {
    const proxy = await stdioClient((await setUp('limit', { crashy: CRASHY }, { extra: ['--max-message-mb', '1'] })).args);
    try {
      const over = await proxy.client.callTool({ name: 'all_crashy_big', arguments: { mb: 1.5 } });
      expect(over.isError).toBe(true);
      expect(text(over)).toBe("the result of big (MCP server 'crashy') was 1.5 MiB; the proxy passes at most 1 MiB per message (--max-message-mb)");
      const under = await proxy.client.callTool({ name: 'all_crashy_big', arguments: { mb: 0.9 } });
      expect(under.isError).toBeFalsy();
      expect(text(under)).toHaveLength(Math.round(0.9 * MiB));
    } finally {
      await proxy.close();
    }
  });
});

describe('a stdio client that writes what is not an MCP message', () => {
  let proxy: RawProxy;

  beforeAll(async () => {
    proxy = start((await setUp('client', { crashy: CRASHY })).args);
    await proxy.initialize();
  });

  it('gets an error for the id of an 11 MiB request, one line on stderr, and the proxy serves on', async () => {
    proxy.send({ id: 'huge', method: 'tools/call', params: { name: 'all_crashy_ok', arguments: { pad: 'p'.repeat(11 * MiB) } } });
    expect(await proxy.answer('huge')).toMatchObject({
      error: { code: -32600, message: 'the tools/call request was 11.0 MiB; the proxy passes at most 10 MiB per message (--max-message-mb)' },
    });
    expect(proxy.stderr.split('\n').filter((l) => l.includes('11.0 MiB'))).toHaveLength(1);
    proxy.send({ id: 'after-huge', method: 'tools/call', params: { name: 'all_crashy_ok', arguments: {} } });
    expect(text((await proxy.answer('after-huge')).result)).toMatch(/^pid \d+$/);
  });

  it('gets -32700 with id null for a line that is not JSON', async () => {
    const from = proxy.lines.length;
    proxy.write('{"jsonrpc": "2.0", "id": 1, "method": "tools/list"');
    expect(await proxy.next((l) => l.id === null, from)).toMatchObject({
      error: { code: -32700, message: expect.stringMatching(/^Parse error: the line is not JSON/) },
    });
  });

  it('gets a -32600 for each request of a batch, saying batches are not MCP since 2025-06-18', async () => {
    const from = proxy.lines.length;
    proxy.write(
      JSON.stringify([
        { jsonrpc: '2.0', id: 'b1', method: 'tools/list' },
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { jsonrpc: '2.0', id: 'b2', method: 'ping' },
      ]),
    );
    const batch = await eventually(async () => {
      const found = proxy.lines.slice(from).find(Array.isArray);
      expect(found).toBeDefined();
      return found as Record<string, unknown>[];
    });
    expect(batch.map((a) => a.id)).toEqual(['b1', 'b2']);
    for (const a of batch)
      expect(a).toMatchObject({
        error: { code: -32600, message: expect.stringMatching(/JSON-RPC batches are not part of MCP since protocol version 2025-06-18/) },
      });
  });

  it('gets -32602 naming params.name for a tools/call without a string name', async () => {
    proxy.send({ id: 'no-name', method: 'tools/call', params: { arguments: {} } });
    proxy.send({ id: 'number-name', method: 'tools/call', params: { name: 7 } });
    proxy.send({ id: 'no-params', method: 'tools/call' });
    for (const id of ['no-name', 'number-name', 'no-params']) {
      const error = (await proxy.answer(id)).error as { code: number; message: string };
      expect(error.code, id).toBe(-32602);
      expect(error.message, id).toMatch(/Invalid tools\/call request.*"params"/s);
    }
    expect(((await proxy.answer('no-name')).error as { message: string }).message).toMatch(/"name"[\s\S]*expected string, received undefined/);
  });

  it('still lists its tools afterwards', async () => {
    proxy.send({ id: 'list', method: 'tools/list' });
    const tools = ((await proxy.answer('list')).result as { tools: { name: string }[] }).tools.map((t) => t.name);
    expect(tools).toContain('all_crashy_count');
    expect(proxy.child.exitCode).toBeNull();
  });
});

describe('over Streamable HTTP (the same MCP server)', () => {
  it('answers -32602 for a tools/call without a name too', async () => {
    const port = await freePort();
    const setup = await setUp('http', { crashy: CRASHY }, { extra: ['--listen', `127.0.0.1:${port}`] });
    const proxy = start(setup.args);
    await eventually(async () => expect(proxy.stderr).toContain('listening on'));
    const client = await httpClient(`http://127.0.0.1:${port}/mcp`, httpSecret(setup.stateDir));
    try {
      await expect(client.client.request({ method: 'tools/call', params: { arguments: {} } })).rejects.toMatchObject({
        code: -32602,
        message: expect.stringMatching(/Invalid tools\/call request[\s\S]*"name"/),
      });
    } finally {
      await client.close();
    }
  });
});

describe('SIGTERM', () => {
  it('stops the proxy within 2 s while a server never answers initialize (ignoring SIGTERM) and favindex never answers', async () => {
    const pidFile = path.join(work, 'silent.pid');
    const setup = await setUp(
      'silent',
      { silent: { command: process.execPath, args: [CRASHY.args[0], 'silent', pidFile] }, crashy: CRASHY },
      { url: `http://127.0.0.1:${(hungFavindex.address() as AddressInfo).port}`, extra: ['--start-wait', '0'] },
    );
    const proxy = start(setup.args);
    await eventually(async () => expect(proxy.stderr).toContain('MCP server(s): silent, crashy'));
    const silentPid = Number(await eventually(async () => fs.readFileSync(pidFile, 'utf8')));
    await proxy.initialize();
    const stopped = await proxy.terminate();
    expect(stopped.signal).toBeNull();
    expect(stopped.code).toBe(0);
    expect(stopped.ms).toBeLessThan(2_000);
    await eventually(async () => expect(alive(silentPid)).toBe(false), 2_000);
  });

  it('stops the proxy within 2 s when it comes while a server is still starting', async () => {
    const pidFile = path.join(work, 'silent-start.pid');
    const setup = await setUp(
      'silent-start',
      { silent: { command: process.execPath, args: [CRASHY.args[0], 'silent', pidFile] } },
      { extra: ['--start-wait', '60'] },
    );
    const proxy = start(setup.args);
    const silentPid = Number(await eventually(async () => fs.readFileSync(pidFile, 'utf8')));
    const stopped = await proxy.terminate();
    expect(stopped).toMatchObject({ code: 0, signal: null });
    expect(stopped.ms).toBeLessThan(2_000);
    // Ended, not left behind: before, the signal killed the proxy at once and the server lived on.
    await eventually(async () => expect(alive(silentPid)).toBe(false), 2_000);
  });

  it('stops the proxy within 2 s while a call hangs in a server that then ignores SIGTERM, the trace of that call kept on disk', async () => {
    const setup = await setUp('hang', { crashy: CRASHY });
    const proxy = start(setup.args);
    await proxy.initialize();
    proxy.send({ id: 'hang', method: 'tools/call', params: { name: 'all_crashy_hang', arguments: {}, _meta: { progressToken: 'p' } } });
    // The server's progress: the call is in the server.
    await proxy.next((l) => l.method === 'notifications/progress');
    const stopped = await proxy.terminate();
    expect(stopped).toMatchObject({ code: 0, signal: null });
    expect(stopped.ms).toBeLessThan(2_000);
    expect(spooledEvents(setup.stateDir).filter((e) => e.tool === 'all_crashy_hang')).toHaveLength(1);
  });
});
