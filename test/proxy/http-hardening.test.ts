import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROXY_HTTP_SESSIONS } from '@/lib/limits';
import { stopChild } from '@/test/child-process';
import { freePort } from '@/test/mcp-server';
import { bearerTransport, eventually, httpSecret, proxyArgs, ROOT } from './harness';

/**
 * `favindex proxy --listen` against a local process that is not the user's client: the bearer
 * secret (made, kept 0600, printed once, reused), the Origin rule, and bounded sessions. No
 * favindex runs behind it (--url answers nothing): these are about the listener, and the proxy
 * then presents favindex's defaults for the one upstream.
 */
let work: string;
let stateDir: string;
let config: string;
let port: number;
let url: string;
/** A port nothing answers on: the proxy's --url. */
let nowhere: number;
let proxy: { child: ChildProcess; stderr(): string; exited: Promise<number | null> };

function start(env: Record<string, string> = {}, extra: string[] = []) {
  const args = proxyArgs({
    url: `http://127.0.0.1:${nowhere}`,
    project: 'hardening',
    token: 'unused',
    config,
    stateDir,
    extra: ['--listen', `127.0.0.1:${port}`, '--start-wait', '0', ...extra],
  });
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...env } });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, stderr: () => stderr, exited };
}

async function listening(p: typeof proxy): Promise<void> {
  await eventually(async () => expect(p.stderr()).toMatch(/clients send the header|shown this once/), 30_000);
}

const INITIALIZE = (name: string) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name, version: '1' } },
  });

/** A raw initialize, as any local process can send one; the body is read whole. */
async function initialize(
  headers: Record<string, string>,
  name = 'flood',
): Promise<{ status: number; session: string | null; headers: Headers; body: string }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: INITIALIZE(name),
  });
  return { status: res.status, session: res.headers.get('mcp-session-id'), headers: res.headers, body: await res.text() };
}

const bearer = () => ({ authorization: `Bearer ${httpSecret(stateDir)}` });

async function client(name: string): Promise<Client> {
  const c = new Client({ name, version: '1.0.0' }, { capabilities: {} });
  await c.connect(bearerTransport(url, httpSecret(stateDir)));
  return c;
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'favindex-http-hardening-'));
  stateDir = path.join(work, 'state');
  config = path.join(work, 'servers.json');
  fs.writeFileSync(
    config,
    JSON.stringify({ mcpServers: { up: { command: process.execPath, args: [path.join(ROOT, 'test', 'proxy', 'conformance-server.mjs')] } } }),
  );
  port = await freePort();
  nowhere = await freePort();
  url = `http://127.0.0.1:${port}/mcp`;
  proxy = start();
  await listening(proxy);
});

afterAll(async () => {
  if (proxy) await stopChild(proxy.child);
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe('the secret of favindex proxy --listen', () => {
  it('is made at the first start, printed with a client config that works as pasted, and kept readable by the user only', async () => {
    const printed = /(\{"mcpServers".*\})\n/.exec(proxy.stderr());
    expect(printed, proxy.stderr()).not.toBeNull();
    const entry = JSON.parse(printed![1]!).mcpServers.favindex as { type: string; url: string; headers: Record<string, string> };
    expect(entry).toEqual({ type: 'http', url, headers: { Authorization: `Bearer ${httpSecret(stateDir)}` } });
    expect(proxy.stderr()).toContain(`claude mcp add --transport http favindex ${url} --header "Authorization: Bearer ${httpSecret(stateDir)}"`);
    // 256 random bits, URL-safe.
    expect(httpSecret(stateDir)).toMatch(/^fvxp_[A-Za-z0-9_-]{43}$/);

    const pasted = new Client({ name: 'pasted', version: '1.0.0' }, { capabilities: {} });
    await pasted.connect(new StreamableHTTPClientTransport(new URL(entry.url), { requestInit: { headers: entry.headers } }));
    await expect(pasted.listTools()).resolves.toHaveProperty('tools');
    await pasted.close();

    expect(fs.statSync(path.join(stateDir, 'http-secret')).mode & 0o777).toBe(0o600);
  });

  it('is required: no secret or a wrong one gets 401 with WWW-Authenticate: Bearer, where the secret is, and no session', async () => {
    const tries: Record<string, string>[] = [{}, { authorization: 'Bearer wrong' }, { authorization: `Basic ${httpSecret(stateDir)}` }];
    for (const headers of tries) {
      const res = await initialize(headers);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
      expect(res.session).toBeNull();
      expect(JSON.parse(res.body).error.message).toContain(`The secret is in ${path.join(stateDir, 'http-secret')}`);
    }
    expect(proxy.stderr()).not.toContain('Bearer wrong');
  });

  it('refuses a foreign or null Origin with 403 before it asks for the secret, and takes its own', async () => {
    for (const origin of ['http://evil.example', 'null', `http://127.0.0.1:${nowhere}`, `https://127.0.0.1:${port}`]) {
      // With the secret or without, a web page gets the same 403: it learns nothing about it.
      for (const headers of [{ origin }, { origin, ...bearer() }]) {
        const res = await initialize(headers);
        expect(res.status, origin).toBe(403);
        expect(res.session).toBeNull();
        expect(res.body).not.toContain(stateDir);
      }
    }
    for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`]) {
      const res = await initialize({ origin, ...bearer() });
      expect(res.status, origin).toBe(200);
      expect(res.session).not.toBeNull();
    }
  });
});

describe('sessions of favindex proxy --listen', () => {
  it('1,000 initializes neither lock out the real client nor keep more than the bound of sessions', async () => {
    const real = await client('real-client');
    const floods: (string | null)[] = [];
    // In batches under the per-client bound: a burst past it finds every session in its way busy initializing (503, Retry-After).
    for (let batch = 0; batch < 40; batch++) {
      const answers = await Promise.all(Array.from({ length: 25 }, () => initialize(bearer())));
      expect(answers.map((a) => a.status)).toEqual(Array(25).fill(200));
      floods.push(...answers.map((a) => a.session));
    }
    // Without the secret, none of them would even have started.
    expect((await Promise.all(Array.from({ length: 50 }, () => initialize({})))).map((a) => a.status)).toEqual(Array(50).fill(401));

    // The real client's session, of another client name, was never in the way; a new one starts too.
    await expect(real.listTools()).resolves.toHaveProperty('tools');
    const late = await client('real-client');
    await expect(late.listTools()).resolves.toHaveProperty('tools');

    // The flood's oldest sessions were closed to make room; its newest still answer.
    const list = (session: string | null) =>
      fetch(url, {
        method: 'POST',
        headers: {
          ...bearer(),
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-session-id': session ?? '',
          'mcp-protocol-version': '2025-06-18',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
      }).then(async (r) => {
        await r.text();
        return r.status;
      });
    expect(await list(floods[0]!)).toBe(404);
    expect(await list(floods.at(-PROXY_HTTP_SESSIONS.perClient - 1)!)).toBe(404);
    expect(await list(floods.at(-1)!)).toBe(200);
    expect(await list(floods.at(-PROXY_HTTP_SESSIONS.perClient + 1)!)).toBe(200);
    expect(proxy.stderr()).toContain("closed the oldest idle MCP session of client 'flood'");
    await Promise.all([real.close(), late.close()]);
  });

  it('a flood under many client names closes only its own sessions: one a client held before it keeps working', async () => {
    const held = await client('held-client');
    // Past the overall bound, each name once: no name reaches its own bound.
    const names = Array.from({ length: PROXY_HTTP_SESSIONS.total + 16 }, (_, i) => `flood-${i}`);
    for (let at = 0; at < names.length; at += 24) {
      const answers = await Promise.all(names.slice(at, at + 24).map((name) => initialize(bearer(), name)));
      expect(answers.map((a) => a.status)).toEqual(Array(answers.length).fill(200));
    }
    await expect(held.listTools()).resolves.toHaveProperty('tools');
    expect(proxy.stderr()).toContain("closed the idle MCP session opened last (of client 'flood-");
    // A client that comes after the flood gets in too.
    const late = await client('late-client');
    await expect(late.listTools()).resolves.toHaveProperty('tools');
    await Promise.all([held.close(), late.close()]);
  });
});

describe('favindex proxy --listen started again', () => {
  it('keeps its secret and says where it is, not what it is', async () => {
    const secret = httpSecret(stateDir);
    await stopChild(proxy.child);
    proxy = start();
    await listening(proxy);
    expect(proxy.stderr()).toContain(`the secret is in ${path.join(stateDir, 'http-secret')}`);
    expect(proxy.stderr()).not.toContain(secret);
    expect(httpSecret(stateDir)).toBe(secret);
    const c = await client('again');
    await expect(c.listTools()).resolves.toHaveProperty('tools');
    await c.close();
  });

  it('takes the secret from FAVINDEX_PROXY_SECRET instead, and prints none', async () => {
    await stopChild(proxy.child);
    const own = 'a-secret-of-my-own-at-least-32-characters';
    proxy = start({ FAVINDEX_PROXY_SECRET: own });
    await listening(proxy);
    expect(proxy.stderr()).toContain('the secret is in FAVINDEX_PROXY_SECRET');
    expect(proxy.stderr()).not.toContain(own);
    expect((await initialize({ authorization: `Bearer ${own}` })).status).toBe(200);
    expect((await initialize(bearer())).status).toBe(401);
  });

  it('refuses to start with a secret file others can read, and says what to do', async () => {
    await stopChild(proxy.child);
    const file = path.join(stateDir, 'http-secret');
    fs.chmodSync(file, 0o644);
    proxy = start();
    expect(await proxy.exited).toBe(2);
    expect(proxy.stderr()).toContain(`${file} can be read by other users (mode 0644)`);
    expect(proxy.stderr()).toContain(`chmod 600 ${file}`);
    expect(proxy.stderr()).not.toContain(httpSecret(stateDir));
  });

  it('refuses a FAVINDEX_PROXY_SECRET too short to be one', async () => {
    proxy = start({ FAVINDEX_PROXY_SECRET: 'short' });
    expect(await proxy.exited).toBe(2);
    expect(proxy.stderr()).toMatch(/the HTTP secret in FAVINDEX_PROXY_SECRET is not usable: it must be 32 to 512 characters/);
  });
});
