import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

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
    return { status: res.status, body: (res.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : text, text };
  };
}
