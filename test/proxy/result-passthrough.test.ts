import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeSurface, eventually, favindexForFile, projectWithToken, proxyArgs, proxyFolder, ROOT } from './harness';

/**
 * What an upstream returns from tools/call reaches the client as the upstream wrote it (#26: the
 * proxy no longer parses a result of the usual shape again on its way through), unknown fields
 * and half a megabyte of text included; a result the SDK's schema refuses still comes back as a
 * tool error that names the server, and the proxy goes on serving.
 */
const favindex = favindexForFile('favindex-result-passthrough-test-');
const { api } = favindex;
const ID = 'result-passthrough';
const RAW = path.join(ROOT, 'test', 'proxy', 'raw-result-server.mjs');
const big = 'x'.repeat(512 * 1024);
/** What the raw server answers, by tool. */
const RAW_RESULTS = {
  // Large, and with fields the SDK's schemas do not know, at the top and in its blocks.
  big: {
    content: [
      { type: 'text', text: big, vendorNote: { kept: true } },
      { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png', caption: 'a pixel' },
      { type: 'resource', resource: { uri: 'file:///a.txt', text: 'a', revision: 3 } },
    ],
    structuredContent: { size: big.length, nested: { list: [1, 'two', null] } },
    isError: false,
    _meta: { 'example.com/trace': 'abc' },
    vendorTop: ['kept', 1],
  },
  // Blocks the quick check leaves to the SDK's schema (annotations, a resource_link).
  annotated: {
    content: [
      { type: 'text', text: 'hi', annotations: { audience: ['user'], priority: 0.5 } },
      { type: 'resource_link', uri: 'file:///b.txt', name: 'b' },
    ],
  },
  // Not a CallToolResult: content must be an array.
  malformed: { content: 'not an array' },
};

/**
 * A client that reads the proxy's stdout line by line, without an SDK (whose reader would parse
 * each message again and put the members it knows first): what it reads is what the proxy wrote.
 */
let proxy: ChildProcess;
const waiting = new Map<number, (message: Record<string, unknown>) => void>();
/** Every message the proxy wrote, in order. */
const heard: Record<string, unknown>[] = [];
let nextId = 1;
function request(method: string, params: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const id = nextId++;
  proxy.stdin!.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
  return new Promise((resolve) => waiting.set(id, resolve));
}
const call = async (name: string) => (await request('tools/call', { name, arguments: {} })).result as Record<string, unknown>;

beforeAll(async () => {
  const token = await projectWithToken(api, ID);
  await changeSurface(api, ID, { mode: 'eager' });
  const { dir, stateDir } = proxyFolder(favindex.work, ID);
  const config = path.join(dir, 'servers.json');
  const results = path.join(dir, 'results.json');
  fs.writeFileSync(results, JSON.stringify(RAW_RESULTS));
  fs.writeFileSync(config, JSON.stringify({ mcpServers: { raw: { command: process.execPath, args: [RAW, results] } } }));
  proxy = spawn(process.execPath, proxyArgs({ url: favindex.url, project: ID, token, config, stateDir }), {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), NODE_ENV: 'production' },
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  favindex.children.push(proxy);
  readline.createInterface({ input: proxy.stdout! }).on('line', (line) => {
    const message = JSON.parse(line) as Record<string, unknown>;
    heard.push(message);
    const answer = typeof message.id === 'number' ? waiting.get(message.id) : undefined;
    // Kept as written: the tests compare its text.
    answer?.({ ...message, line });
  });
  await request('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw-client', version: '1' } });
  proxy.stdin!.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  await eventually(async () => {
    const names = ((await request('tools/list')).result as { tools: { name: string }[] }).tools.map((t) => t.name);
    if (!names.includes('raw__big')) throw new Error(`listed so far: ${names.join(', ')}`);
  }, 60_000);
}, 90_000);

afterAll(() => {
  proxy?.stdin?.end();
});

describe('tools/call results through favindex proxy', () => {
  it('come through as the upstream wrote them: large, with structuredContent, _meta, isError and fields no spec type has', async () => {
    const answer = await request('tools/call', { name: 'raw__big', arguments: {} });
    // Member for member, in the order the server wrote them (compared as text, not printed whole).
    const written = JSON.stringify((JSON.parse(String(answer.line)) as { result: unknown }).result);
    expect(written === JSON.stringify(RAW_RESULTS.big), written.slice(0, 200) + written.slice(-300)).toBe(true);
  });

  it('come after every progress the server wrote, even when it wrote them and the result in one go', async () => {
    const from = heard.length;
    const answer = await request('tools/call', { name: 'raw__annotated', arguments: {}, _meta: { progressToken: 'tok-1' } });
    const seen = heard.slice(from).map((m) => (m.method === 'notifications/progress' ? (m.params as { progressToken: unknown; progress: number }) : m.id));
    // Under the client's token, in order, and before the answer (a client drops progress that comes after).
    expect(seen).toEqual([
      { progressToken: 'tok-1', progress: 1, total: 3 },
      { progressToken: 'tok-1', progress: 2, total: 3 },
      { progressToken: 'tok-1', progress: 3, total: 3 },
      answer.id,
    ]);
  });

  it('keep what the SDK checks the long way (annotations, resource links) as before', async () => {
    expect(await call('raw__annotated')).toEqual(RAW_RESULTS.annotated);
  });

  it('that are not CallToolResults come back as a tool error naming the server, and the proxy serves on', async () => {
    const result = await call('raw__malformed');
    expect(result.isError).toBe(true);
    const text = (result.content as { text: string }[]).map((b) => b.text).join('\n');
    expect(text).toContain("MCP server 'raw' answered malformed with an error");
    expect(text).toContain('content');
    expect(JSON.stringify(await call('raw__big')) === JSON.stringify(RAW_RESULTS.big)).toBe(true);
  });
});
