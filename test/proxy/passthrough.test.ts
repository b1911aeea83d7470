import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopChild } from '@/test/child-process';
import { freePort } from '@/test/mcp-server';
import { connect, ROOT_URI, type Session } from './passthrough-session';
import { bearerTransport, CRASHY, eventually, favindexForFile, httpSecret, projectWithToken, proxyArgs, proxyFolder, ROOT } from './harness';

/**
 * What favindex proxy passes through besides tools, end to end: the built server and proxy, the
 * real SDK Client (over stdio, and over Streamable HTTP), and behind the proxy server-everything,
 * server-memory and two scripted servers `a` and `b` that list a prompt and a resource URI of
 * the same name.
 */
const favindex = favindexForFile('favindex-passthrough-test-');
const { api, url, work } = favindex;
let token: string;
const closers: (() => Promise<void>)[] = [];

const pkg = (name: string) => path.join(ROOT, 'node_modules', '@modelcontextprotocol', name, 'dist', 'index.js');
const SCRIPTED = path.join(ROOT, 'test', 'proxy', 'scripted-server.mjs');
// The lists wait for the servers' start: on a busy machine four servers can take longer than the
// default 30 s to start, and these tests are about passing through, not speed.
const UNHURRIED = ['--start-wait', '60'];

function serversFile(dir: string, servers: Record<string, unknown>): string {
  const file = path.join(dir, 'servers.json');
  fs.writeFileSync(file, JSON.stringify({ mcpServers: servers }));
  return file;
}

function fullServers(dir: string): string {
  return serversFile(dir, {
    everything: { command: process.execPath, args: [pkg('server-everything'), 'stdio'] },
    memory: { command: process.execPath, args: [pkg('server-memory')], env: { MEMORY_FILE_PATH: path.join(dir, 'memory.jsonl') } },
    a: { command: process.execPath, args: [SCRIPTED, 'a', path.join(dir, 'a.down')] },
    b: { command: process.execPath, args: [SCRIPTED, 'b', path.join(dir, 'b.down')] },
  });
}

async function stdioSession(project: string, config: string, stateDir: string): Promise<Session & { stderr(): string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: proxyArgs({ url, project, token, config, stateDir, extra: UNHURRIED }),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), NODE_ENV: 'production' },
    stderr: 'pipe',
    cwd: ROOT,
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return { ...(await connect(transport, closers)), stderr: () => stderr };
}

/** The presented name of a scripted server's tool (its description says which server it is). */
async function tool(client: Client, name: string, upstream: string): Promise<string> {
  const { tools } = await client.listTools();
  const found = tools.find((t) => t.description === `${name} (${upstream})`);
  if (!found) throw new Error(`no tool ${name} of ${upstream} in ${tools.map((t) => t.name).join(', ')}`);
  return found.name;
}

async function told(
  client: Client,
  upstream: string,
): Promise<{ subscriptions: string[]; level: string | null; waiting: number; cancelled: number; roots: string[] }> {
  const result = await client.callTool({ name: await tool(client, 'told', upstream), arguments: {} });
  const content = result.content as { type: string; text: string }[];
  return JSON.parse(content[0]?.text ?? '{}');
}

/** A prompt's messages or a resource's contents, as text to look for what the server put in. */
function text(result: { messages?: unknown; contents?: unknown }): string {
  return JSON.stringify(result.messages ?? result.contents);
}

beforeAll(async () => {
  token = await projectWithToken(api, 'pass');
});

afterAll(async () => {
  for (const close of closers.reverse()) await close().catch(() => {});
});

describe('favindex proxy over stdio passes through what its servers offer besides tools', () => {
  let s: Session & { stderr(): string };
  let dir: string;

  beforeAll(async () => {
    const folder = proxyFolder(work, 'stdio');
    dir = folder.dir;
    s = await stdioSession('pass', fullServers(dir), folder.stateDir);
  });

  it('announces prompts, resources with subscriptions, completion and logging, as its servers offer them', () => {
    const caps = s.client.getServerCapabilities();
    expect(caps?.prompts).toBeDefined();
    expect(caps?.resources?.subscribe).toBe(true);
    expect(caps?.completions).toBeDefined();
    expect(caps?.logging).toBeDefined();
    expect(caps?.tools?.listChanged).toBe(true);
  });

  it('lists every server’s prompts, a name two servers share prefixed by each server, and gets each from its own', async () => {
    const names = (await s.client.listPrompts()).prompts.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['simple-prompt', 'args-prompt', 'a_greet', 'b_greet', 'only_a', 'only_b']));
    expect(names).not.toContain('greet');
    expect(text(await s.client.getPrompt({ name: 'a_greet', arguments: { who: 'Ada' } }))).toContain('a greets Ada');
    expect(text(await s.client.getPrompt({ name: 'b_greet', arguments: { who: 'Bo' } }))).toContain('b greets Bo');
    expect(text(await s.client.getPrompt({ name: 'only_b' }))).toContain('only b');
    expect(text(await s.client.getPrompt({ name: 'simple-prompt' }))).toContain('simple prompt without arguments');
  });

  it('refuses a prompt no server lists with the prompts it has', async () => {
    await expect(s.client.getPrompt({ name: 'greet' })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(/Unknown prompt 'greet'.*a_greet/),
    });
  });

  it('lists every server’s resources, read through every page, a URI two servers list once and read from the first', async () => {
    const uris = (await s.client.listResources()).resources.map((r) => r.uri);
    // scripted servers give two resources a page: `other` is on the second.
    expect(uris).toEqual(expect.arrayContaining(['shared://note', 'scripted://a/note', 'scripted://a/other', 'scripted://b/note', 'scripted://b/other']));
    expect(uris.filter((u) => u === 'shared://note')).toHaveLength(1);
    expect(uris.some((u) => u.startsWith('demo://resource/'))).toBe(true);
    expect(text(await s.client.readResource({ uri: 'shared://note' }))).toContain('a has shared://note');
    expect(text(await s.client.readResource({ uri: 'scripted://b/other' }))).toContain('b has scripted://b/other');
  });

  it('lists every server’s templates and reads a URI from the server whose template matches it', async () => {
    const templates = (await s.client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate);
    expect(templates).toEqual(expect.arrayContaining(['scripted://a/items/{id}', 'scripted://b/items/{id}']));
    expect(text(await s.client.readResource({ uri: 'scripted://b/items/7' }))).toContain('b has scripted://b/items/7');
  });

  it('gives a server’s error as an MCP error naming the server, and one for a URI nobody lists', async () => {
    // The server's own code passes on: an SDK v2 server sends a missing resource as -32602, as 2026-07-28 has it.
    await expect(s.client.readResource({ uri: 'scripted://a/items/missing' })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(/MCP server 'a'.*Resource not found/),
    });
    await expect(s.client.readResource({ uri: 'nowhere://x' })).rejects.toThrow(/No MCP server of this proxy lists the resource 'nowhere:\/\/x'/);
  });

  it('subscribes the server that has the URI and passes on its updates for it only', async () => {
    await s.client.subscribeResource({ uri: 'scripted://b/note' });
    expect((await told(s.client, 'b')).subscriptions).toEqual(['scripted://b/note']);
    expect((await told(s.client, 'a')).subscriptions).toEqual([]);
    await s.client.callTool({ name: await tool(s.client, 'touch', 'b'), arguments: {} });
    await eventually(async () => expect(s.updated).toContain('scripted://b/note'));
    // b also announced shared://note, which this session did not subscribe to there.
    expect(s.updated).not.toContain('shared://note');
    await s.client.unsubscribeResource({ uri: 'scripted://b/note' });
    expect((await told(s.client, 'b')).subscriptions).toEqual([]);
  });

  it('completes a prompt argument at the prompt’s server and a template argument at the template’s', async () => {
    const prompt = await s.client.complete({ ref: { type: 'ref/prompt', name: 'b_greet' }, argument: { name: 'who', value: 'al' } });
    expect(prompt.completion.values).toEqual(['b-alice']);
    const template = await s.client.complete({ ref: { type: 'ref/resource', uri: 'scripted://a/items/{id}' }, argument: { name: 'id', value: '1' } });
    expect(template.completion.values).toEqual(['1', '10']);
  });

  it('sets the log level on every server and passes on their messages at or above it, naming the server', async () => {
    await s.client.setLoggingLevel('warning');
    expect((await told(s.client, 'a')).level).toBe('warning');
    expect((await told(s.client, 'b')).level).toBe('warning');
    const log = await tool(s.client, 'log', 'a');
    await s.client.callTool({ name: log, arguments: { level: 'info', text: 'quietly' } });
    await s.client.callTool({ name: log, arguments: { level: 'error', text: 'loudly' } });
    await eventually(async () => expect(s.logs.map((l) => l.data)).toContain('a logs loudly'));
    expect(s.logs.find((l) => l.data === 'a logs loudly')?.logger).toBe('a/script');
    expect(s.logs.map((l) => l.data)).not.toContain('a logs quietly');
  });

  it('asks the client a server’s sampling request made during a call, and gives the server its answer', async () => {
    const result = await s.client.callTool({ name: await tool(s.client, 'ask', 'a'), arguments: { text: 'proceed?' } });
    expect(JSON.stringify(result.content)).toContain('a was told: yes');
    expect(s.sampled).toContain('a asks: proceed?');
  });

  it('asks the client a server’s elicitation and gives the server the answer', async () => {
    const result = await s.client.callTool({ name: await tool(s.client, 'confirm', 'b'), arguments: {} });
    expect(JSON.stringify(result.content)).toContain('b got accept {\\"ok\\":true}');
    expect(s.elicited).toEqual(['b: go ahead?']);
  });

  it('tells the servers when a client with roots connects, and answers their roots/list with the client’s roots', async () => {
    await eventually(async () => expect((await told(s.client, 'a')).roots).toEqual([ROOT_URI]));
    expect((await told(s.client, 'b')).roots).toEqual([ROOT_URI]);
  });

  it('passes the client’s cancellation on to the server’s request', async () => {
    const controller = new AbortController();
    const name = await tool(s.client, 'wait', 'b');
    const call = s.client.callTool(
      { name, arguments: {} },
      {
        signal: controller.signal,
        // b answers its first progress once the wait started: cancel then, so the request has reached it.
        onprogress: () => controller.abort('the user cancelled'),
      },
    );
    await expect(call).rejects.toThrow();
    await eventually(async () => expect((await told(s.client, 'b')).cancelled).toBe(1));
  });

  it('passes the cancellation of a call without progress on to the server, and serves on', async () => {
    const before = await told(s.client, 'b');
    const controller = new AbortController();
    const call = s.client.callTool({ name: await tool(s.client, 'wait', 'b'), arguments: {} }, { signal: controller.signal });
    await eventually(async () => expect((await told(s.client, 'b')).waiting).toBe(before.waiting + 1));
    controller.abort('the user cancelled');
    await expect(call).rejects.toThrow('the user cancelled');
    await eventually(async () => expect((await told(s.client, 'b')).cancelled).toBe(before.cancelled + 1));
    const echoed = await s.client.callTool({ name: await tool(s.client, 'told', 'a'), arguments: {} });
    expect(echoed.isError).toBeFalsy();
  });

  it('says a server is down, not "Method not found", and keeps serving the others', async () => {
    // b's `exit` leaves a marker that makes every restart exit at once: it stays down.
    await s.client.callTool({ name: await tool(s.client, 'exit', 'b'), arguments: {} });
    await eventually(async () => expect(s.stderr()).toMatch(/b: .*restarting in/));
    await expect(s.client.getPrompt({ name: 'b_greet', arguments: { who: 'x' } })).rejects.toThrow(/MCP server 'b' is (unavailable|starting)/);
    const names = (await s.client.listPrompts()).prompts.map((p) => p.name);
    expect(names).toContain('greet');
    expect(text(await s.client.getPrompt({ name: 'greet', arguments: { who: 'Cy' } }))).toContain('a greets Cy');
  });
});

describe('favindex proxy over Streamable HTTP', () => {
  it('lists prompts and resources and asks the session that made the call for sampling', async () => {
    const { dir, stateDir } = proxyFolder(work, 'http');
    const port = await freePort();
    const args = proxyArgs({
      url,
      project: 'pass',
      token,
      config: fullServers(dir),
      stateDir,
      extra: [...UNHURRIED, '--listen', `127.0.0.1:${port}`],
    });
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    closers.push(() => stopChild(child));
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    await eventually(async () => expect(stderr).toContain('listening on'));
    const secret = httpSecret(stateDir);
    const a = await connect(bearerTransport(`http://127.0.0.1:${port}/mcp`, secret), closers);
    const b = await connect(bearerTransport(`http://127.0.0.1:${port}/mcp`, secret), closers);
    expect((await a.client.listPrompts()).prompts.map((p) => p.name)).toEqual(expect.arrayContaining(['a_greet', 'b_greet', 'simple-prompt']));
    expect(text(await a.client.readResource({ uri: 'scripted://b/note' }))).toContain('b has scripted://b/note');
    const result = await b.client.callTool({ name: await tool(b.client, 'ask', 'b'), arguments: { text: 'over http?' } });
    expect(JSON.stringify(result.content)).toContain('b was told: yes');
    expect(b.sampled).toEqual(['b asks: over http?']);
    expect(a.sampled).toEqual([]);
  });
});

describe('favindex proxy started again', () => {
  it('announces what its servers offered before, even one that is down now, and says it is down', async () => {
    const { dir, stateDir } = proxyFolder(work, 'restart');
    const marker = path.join(dir, 'a.down');
    const config = serversFile(dir, { a: { command: process.execPath, args: [SCRIPTED, 'a', marker] } });
    const first = await stdioSession('pass', config, stateDir);
    expect(first.client.getServerCapabilities()?.prompts).toBeDefined();
    await first.client.close();
    // From now on a exits as soon as it starts.
    fs.writeFileSync(marker, 'down\n');
    const again = await stdioSession('pass', config, stateDir);
    expect(again.client.getServerCapabilities()?.prompts).toBeDefined();
    await expect(again.client.getPrompt({ name: 'greet' })).rejects.toThrow(/Unknown prompt 'greet'\. This proxy's prompts: none; not up now: a/);
  });
});

describe('favindex proxy in front of servers with tools only', () => {
  it('announces all it can pass through all the same (a client reads it before the servers are up), and lists no prompts or resources', async () => {
    const { dir, stateDir } = proxyFolder(work, 'tools-only');
    const config = serversFile(dir, { crashy: CRASHY });
    const s = await stdioSession('pass', config, stateDir);
    expect(Object.keys(s.client.getServerCapabilities() ?? {}).sort()).toEqual(['completions', 'extensions', 'logging', 'prompts', 'resources', 'tools']);
    // The one extension: routers as groups, for a client that groups tools itself (§routers).
    expect(s.client.getServerCapabilities()?.extensions).toEqual({ 'io.modelcontextprotocol/grouping': { listChanged: true } });
    expect(await s.client.request({ method: 'prompts/list' })).toEqual({ prompts: [] });
    expect(await s.client.request({ method: 'resources/list' })).toEqual({ resources: [] });
  });
});
