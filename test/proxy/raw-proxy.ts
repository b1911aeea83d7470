import { type ChildProcess, spawn } from 'node:child_process';
import { expect } from 'vitest';
import { eventually, ROOT } from './harness';

/** The proxy as a process whose stdin and stdout the test reads and writes line by line. */
export class RawProxy {
  readonly child: ChildProcess;
  readonly lines: unknown[] = [];
  stderr = '';
  private rest = '';

  /** `home`: the HOME the proxy is given, a folder of the test's. */
  constructor(args: string[], home: string) {
    this.child = spawn(process.execPath, args, {
      cwd: ROOT,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '', HOME: home, NODE_ENV: 'production' },
    });
    this.child.stdout?.on('data', (chunk: Buffer) => {
      const text = this.rest + chunk.toString();
      const parts = text.split('\n');
      this.rest = parts.pop() ?? '';
      for (const part of parts) if (part.trim()) this.lines.push(JSON.parse(part));
    });
    this.child.stderr?.on('data', (chunk: Buffer) => {
      this.stderr += chunk.toString();
    });
    // A proxy that died (as one did at an 11 MiB line) fails the test by what it no longer answers.
    this.child.stdin?.on('error', () => {});
  }

  write(line: string): void {
    this.child.stdin?.write(`${line}\n`);
  }

  send(message: Record<string, unknown>): void {
    this.write(JSON.stringify({ jsonrpc: '2.0', ...message }));
  }

  /** The first line written since `from` that `match` accepts. */
  next(match: (line: Record<string, unknown> & { id?: unknown }) => boolean, from = 0): Promise<Record<string, unknown>> {
    return eventually(
      async () => {
        const found = this.lines.slice(from).find((l) => typeof l === 'object' && l !== null && !Array.isArray(l) && match(l as Record<string, unknown>));
        if (!found) throw new Error(`no such line from the proxy yet; stderr:\n${this.stderr.slice(-2_000)}`);
        return found as Record<string, unknown>;
      },
      15_000,
      20,
    );
  }

  answer(id: unknown): Promise<Record<string, unknown>> {
    return this.next((l) => l.id === id);
  }

  async initialize(): Promise<void> {
    this.send({ id: 'init', method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
    expect(await this.answer('init')).toHaveProperty('result.serverInfo');
    this.send({ method: 'notifications/initialized' });
  }

  /** SIGTERM, and how long until the process exited, measured. */
  async terminate(): Promise<{ ms: number; code: number | null; signal: NodeJS.Signals | null }> {
    const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) => this.child.once('exit', (code, signal) => resolve([code, signal])));
    const started = performance.now();
    this.child.kill('SIGTERM');
    const [code, signal] = await exited;
    return { ms: performance.now() - started, code, signal };
  }
}
