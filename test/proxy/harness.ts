import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Client, type ClientOptions, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { Tool } from '@modelcontextprotocol/server';
import { afterAll, expect, inject } from 'vitest';
import type { SurfaceMode } from '@/lib/schemas/surface-config';
import { PROXY_SCOPES } from '@/lib/schemas/tokens';
import { stopChild } from '@/test/child-process';
import { adminApi } from '@/test/cli/run-cli';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
const pkg = (name: string) => path.join(ROOT, 'node_modules', '@modelcontextprotocol', name, 'dist', 'index.js');

/** The upstreams of the system tests: the reference servers from npm, as a client's mcpServers file names them. */
export function writeServersFile(dir: string, extra: Record<string, unknown> = {}): string {
  const files = path.join(dir, 'files');
  fs.mkdirSync(files, { recursive: true });
  fs.writeFileSync(path.join(files, 'notes.txt'), 'favindex proxy was here\n');
  const file = path.join(dir, 'servers.json');
  fs.writeFileSync(
    file,
    JSON.stringify({
      mcpServers: {
        everything: { command: process.execPath, args: [pkg('server-everything'), 'stdio'] },
        filesystem: { command: process.execPath, args: [pkg('server-filesystem'), files] },
        memory: { command: process.execPath, args: [pkg('server-memory')], env: { MEMORY_FILE_PATH: path.join(dir, 'memory.jsonl') } },
        ...extra,
      },
    }),
  );
  return file;
}

export const CRASHY = { command: process.execPath, args: [path.join(ROOT, 'test', 'proxy', 'crashy-server.mjs')] };

export interface ProxyArgs {
  url: string;
  project: string;
  token: string;
  config: string;
  stateDir: string;
  extra?: string[];
}

export function proxyArgs(a: ProxyArgs): string[] {
  return [
    path.join(ROOT, 'bin', 'favindex.mjs'),
    'proxy',
    '--url',
    a.url,
    '--project',
    a.project,
    '--token',
    a.token,
    '--config',
    a.config,
    '--state-dir',
    a.stateDir,
    '--poll',
    '0.2',
    ...(a.extra ?? []),
  ];
}

/** An MCP client session as a real client has it, counting the list_changed notifications it heard. */
export interface TestClient {
  client: Client;
  listChanged: number;
  /** Resolves at the next list_changed after now. */
  nextListChanged(timeoutMs?: number): Promise<void>;
  stderr(): string;
  pid: number | null;
  /** The MCP session id (Streamable HTTP only). */
  sessionId?: string;
  close(): Promise<void>;
}

function watch(client: Client, stderr: () => string, pid: () => number | null, close: () => Promise<void>): TestClient {
  const waiters: (() => void)[] = [];
  const result: TestClient = {
    client,
    listChanged: 0,
    nextListChanged(timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no list_changed within ${timeoutMs} ms; proxy stderr:\n${stderr().slice(-3_000)}`)), timeoutMs);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
    stderr,
    get pid() {
      return pid();
    },
    close,
  };
  client.setNotificationHandler('notifications/tools/list_changed', async () => {
    result.listChanged++;
    for (const wake of waiters.splice(0)) wake();
  });
  return result;
}

/** The real SDK Client starting `favindex proxy` over stdio, as Claude Code or Cursor does (`env` added to the proxy's few variables). */
export async function stdioClient(
  args: string[],
  name = 'favindex-proxy-test',
  env: Record<string, string> = {},
  options: ClientOptions = {},
): Promise<TestClient> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), NODE_ENV: 'production', ...env },
    stderr: 'pipe',
    cwd: ROOT,
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = new Client({ name, version: '1.0.0' }, { capabilities: {}, ...options });
  await client.connect(transport);
  return watch(
    client,
    () => stderr,
    () => transport.pid,
    () => client.close(),
  );
}

/** The secret a `--listen` proxy made at its first start, from its state folder (as a user copies it). */
export function httpSecret(stateDir: string): string {
  return fs.readFileSync(path.join(stateDir, 'http-secret'), 'utf8').trim();
}

/** A Streamable HTTP client transport that sends the proxy's secret, as a client's config with `headers` does. */
export function bearerTransport(url: string, secret: string): StreamableHTTPClientTransport {
  return new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${secret}` } } });
}

/** The real SDK Client over Streamable HTTP, sending `secret` (see httpSecret). */
export async function httpClient(url: string, secret: string, name = 'favindex-proxy-http-test', options: ClientOptions = {}): Promise<TestClient> {
  const transport = bearerTransport(url, secret);
  const client = new Client({ name, version: '1.0.0' }, { capabilities: {}, ...options });
  await client.connect(transport);
  const watched = watch(
    client,
    () => '',
    () => null,
    async () => {
      await transport.terminateSession().catch(() => {});
      await client.close();
    },
  );
  return Object.defineProperty(watched, 'sessionId', { get: () => transport.sessionId });
}

/** Wait until `check` passes (it throws until then), or fail with its last error. */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 20_000, everyMs = 100): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  }
}

/** Events still in a proxy's spool (sealed or open); a line cut short by a crash is left out. */
export function spooledEvents(stateDir: string): Record<string, unknown>[] {
  const dir = path.join(stateDir, 'spool');
  if (!fs.existsSync(dir)) return [];
  // Segments only: traces set aside sit in the rejected/ folder beside them.
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .flatMap((entry) => fs.readFileSync(path.join(dir, entry.name), 'utf8').split('\n'))
    .filter(Boolean)
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
}

/** Events still in a proxy's spool, by id. */
export function spooledIds(stateDir: string): string[] {
  return spooledEvents(stateDir).map((e) => String(e.id));
}

/** A fresh folder for one proxy under `work`, and the state folder (surface cache, spool) inside it. */
export function proxyFolder(work: string, name: string): { dir: string; stateDir: string } {
  const dir = path.join(work, name);
  fs.mkdirSync(dir);
  return { dir, stateDir: path.join(dir, 'state') };
}

/**
 * A proxy of `favindex` for `project` in a fresh folder `name` (see proxyFolder), in front of the
 * npm servers and `servers` (see writeServersFile): its command line, and its folders.
 */
export function newProxy(
  favindex: FavindexForTests,
  a: { name: string; project: string; token: string; servers?: Record<string, unknown>; extra?: string[] },
): { args: string[]; dir: string; stateDir: string } {
  const { dir, stateDir } = proxyFolder(favindex.work, a.name);
  const config = writeServersFile(dir, a.servers);
  return { args: proxyArgs({ url: favindex.url, project: a.project, token: a.token, config, stateDir, extra: a.extra }), dir, stateDir };
}

export interface FavindexForTests {
  /** The built server every system test file shares (test/shared-server.ts); a file keeps to projects of its own. */
  url: string;
  /** The server's admin API (local mode: loopback is the admin). */
  api: ReturnType<typeof adminApi>;
  /** A fresh folder for the file's proxies (see proxyFolder). */
  work: string;
}

export interface FavindexForFile extends FavindexForTests {
  /** Closed after the file's tests. */
  clients: TestClient[];
  /** Stopped after the file's tests. */
  children: ChildProcess[];
}

/** The shared built server and a fresh work folder for a file; after its tests, its clients are closed, its children stopped and the folder removed. */
export function favindexForFile(prefix: string): FavindexForFile {
  const url = inject('favindexUrl');
  const file: FavindexForFile = { url, api: adminApi(url), work: fs.mkdtempSync(path.join(os.tmpdir(), prefix)), clients: [], children: [] };
  afterAll(async () => {
    for (const c of file.clients) await c.close().catch(() => {});
    for (const child of file.children) await stopChild(child);
    fs.rmSync(file.work, { recursive: true, force: true });
  });
  return file;
}

/** A project and a token of `scopes` (a proxy's, unless told) for it. */
export async function projectWithToken(api: ReturnType<typeof adminApi>, id: string, scopes: readonly string[] = PROXY_SCOPES): Promise<string> {
  const made = await api('POST', '/api/projects', { id });
  if (made.status !== 201) throw new Error(`project ${id}: ${made.status} ${JSON.stringify(made.body)}`);
  const token = await api('POST', `/api/projects/${id}/tokens`, { name: 'proxy', scopes });
  if (token.status !== 201) throw new Error(`token for ${id}: ${token.status} ${JSON.stringify(token.body)}`);
  return token.body.token;
}

/** Sets `change`'s fields of the project's surface config, keeping the rest; the PATCH must succeed. */
export async function changeSurface(api: ReturnType<typeof adminApi>, id: string, change: Record<string, unknown>): Promise<void> {
  const current = (await api('GET', `/api/projects/${id}`)).body;
  expect((await api('PATCH', `/api/projects/${id}`, { surface: { ...current.surface, ...change } })).status).toBe(200);
}

/** A listed tool as the proxy must present it: name, description and input schema. */
export type ListEntry = [string, string | undefined, unknown];

/** A tools/list result's tools as entries, to compare with the preview's. */
export const listEntries = (tools: Tool[]): ListEntry[] => tools.map((t) => [t.name, t.description, t.inputSchema]);

/** The preview's list for the mode and session state, without agent tools, as entries: what the proxy must present. */
export async function previewEntries(
  api: ReturnType<typeof adminApi>,
  id: string,
  mode: SurfaceMode,
  state: { activated?: string[]; calledServers?: string[]; query?: string } = {},
): Promise<ListEntry[]> {
  const q = new URLSearchParams({ mode, agentTools: '0', query: state.query ?? '' });
  if (state.activated) q.set('activated', state.activated.join(','));
  if (state.calledServers) q.set('calledServers', state.calledServers.join(','));
  const res = await api('GET', `/api/projects/${id}/preview?${q}`);
  expect(res.status).toBe(200);
  return res.body.modes[0].tools.map((t: { name: string; description: string; inputSchema: unknown }) => [t.name, t.description || undefined, t.inputSchema]);
}
