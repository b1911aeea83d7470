import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, inject } from 'vitest';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * A folder holding `favindex` → bin/favindex.mjs: put first on PATH, it is the command as an
 * installed package provides it, so printed commands can be run as printed.
 */
export function binFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'favindex-cli-bin-'));
  fs.symlinkSync(path.join(ROOT, 'bin', 'favindex.mjs'), path.join(dir, 'favindex'));
  return dir;
}

/** Run a command (the real CLI, or `sh -c` of a printed command line) with a clean environment plus `env`. */
export function run(command: string, args: string[], options: { env?: Record<string, string>; input?: string; cwd?: string } = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}

/** A small client for the test's own setup, as the admin (local mode: loopback is the admin). */
export function adminApi(baseUrl: string) {
  return async function call(
    method: string,
    apiPath: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: any; text: string }> {
    const res = await fetch(baseUrl + apiPath, {
      method,
      headers: { ...(body === undefined ? {} : typeof body === 'string' ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    const type = res.headers.get('content-type') ?? '';
    return { status: res.status, body: type.includes('json') && !type.includes('ndjson') && text ? JSON.parse(text) : text, text };
  };
}

export interface CliServer {
  /** The built server every system test file shares (test/shared-server.ts): a file keeps to projects of its own. */
  readonly url: string;
  /** The folder the CLI runs in (for files it reads or writes). */
  readonly workDir: string;
  /** `favindex` on PATH, pointed at the server: what a user's shell has. */
  readonly env: Record<string, string>;
  api: ReturnType<typeof adminApi>;
  /** The installed command, as a user types it: `favindex …` talking to the server. */
  favindex(args: string[], options?: { env?: Record<string, string>; input?: string }): Promise<CliRun>;
}

/** The shared built server, and the installed command in a work folder of the file's own; the folders are removed after its tests. */
export function cliServer(name: string): CliServer {
  const url = inject('favindexUrl');
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), `favindex-${name}-work-`));
  const bin = binFolder();
  const env = { PATH: `${bin}:${process.env.PATH}`, FAVINDEX_URL: url };
  afterAll(() => {
    for (const dir of [workDir, bin]) fs.rmSync(dir, { recursive: true, force: true });
  });
  return {
    url,
    workDir,
    env,
    api: adminApi(url),
    favindex: (args, options = {}) => run('favindex', args, { cwd: workDir, input: options.input, env: { ...env, ...options.env } }),
  };
}

/** A project `id` made through the admin API; the test fails unless it is new. */
export async function newProject(api: ReturnType<typeof adminApi>, id: string): Promise<string> {
  expect((await api('POST', '/api/projects', { id })).status).toBe(201);
  return id;
}

/** `calls` events per tool, a minute ago. */
export async function sendCallsTo(api: ReturnType<typeof adminApi>, id: string, calls: Record<string, number>): Promise<void> {
  const at = new Date(Date.now() - 60_000).toISOString();
  const events = Object.entries(calls).flatMap(([tool, n]) =>
    Array.from({ length: n }, (_, i) => ({ id: `${tool}-${i}`, timestamp: at, tool, sessionId: `s${i % 3}` })),
  );
  expect((await api('POST', `/api/projects/${id}/events`, { events })).body).toMatchObject({ accepted: events.length, rejected: [] });
}
