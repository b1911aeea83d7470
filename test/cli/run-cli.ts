import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { freePort } from '@/test/mcp-server';
import { ServerProcess } from '../fault/server-process';

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
  /** The built server, in local mode on a fresh PGlite folder. */
  readonly server: ServerProcess;
  /** The folder the CLI runs in (for files it reads or writes). */
  readonly workDir: string;
  /** `favindex` on PATH, pointed at the server: what a user's shell has. */
  readonly env: Record<string, string>;
  api: ReturnType<typeof adminApi>;
  /** The installed command, as a user types it: `favindex …` talking to the server. */
  favindex(args: string[], options?: { env?: Record<string, string>; input?: string }): Promise<CliRun>;
}

/** Starts the built server and the installed command before the file's tests, and cleans up after. */
export function startCliServer(name: string): CliServer {
  const dirs: string[] = [];
  const tempDir = (what: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `favindex-${name}-${what}-`));
    dirs.push(dir);
    return dir;
  };
  const harness = {
    server: undefined as unknown as ServerProcess,
    workDir: '',
    env: {} as Record<string, string>,
    api: undefined as unknown as ReturnType<typeof adminApi>,
    favindex(args: string[], options: { env?: Record<string, string>; input?: string } = {}) {
      return run('favindex', args, { cwd: harness.workDir, input: options.input, env: { ...harness.env, ...options.env } });
    },
  };
  beforeAll(async () => {
    const dataDir = tempDir('data');
    harness.workDir = tempDir('work');
    const bin = binFolder();
    dirs.push(bin);
    harness.server = new ServerProcess({
      port: await freePort(),
      env: { FAVINDEX_DATA_DIR: path.join(dataDir, 'data'), DATABASE_URL: '', FAVINDEX_CATALOG_SYNC: '0' },
    });
    await harness.server.start();
    harness.api = adminApi(harness.server.baseUrl);
    harness.env = { PATH: `${bin}:${process.env.PATH}`, FAVINDEX_URL: harness.server.baseUrl };
  });
  afterAll(async () => {
    if (harness.server?.pid) await harness.server.stop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });
  return harness;
}
