import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

export interface ServerOptions {
  port: number;
  /** FAVINDEX_DATA_DIR or DATABASE_URL, and anything else the server should see. */
  env: Record<string, string>;
  password?: string;
  /** The folder it is started from; the repository by default. */
  cwd?: string;
  /** Options for node itself (a bench's --cpu-prof, which NODE_OPTIONS may not carry). */
  nodeArgs?: string[];
}

/**
 * The built server (`node dist/server.mjs`) as a child process, the way `npm start` runs it:
 * started, killed (SIGKILL) or stopped (SIGTERM), and started again on the same data.
 */
export class ServerProcess {
  private child: ChildProcess | null = null;
  private exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> | null = null;
  /** Everything the server printed, across restarts. */
  log = '';
  starts = 0;

  constructor(readonly options: ServerOptions) {}

  get baseUrl(): string {
    return `http://127.0.0.1:${this.options.port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /**
   * Start it and wait until it prints `until`: by default the line that says it serves; the
   * line that its port is open to see it while it starts (its probes answer from then on).
   */
  async start(timeoutMs = 90_000, until: 'listening on http://' | 'open on' = 'listening on http://'): Promise<void> {
    if (this.child) throw new Error('the server is already running');
    const child = spawn(process.execPath, [...(this.options.nodeArgs ?? []), '--enable-source-maps', path.join(ROOT, 'dist', 'server.mjs')], {
      cwd: this.options.cwd ?? ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        NEXT_TELEMETRY_DISABLED: '1',
        PORT: String(this.options.port),
        HOST: '127.0.0.1',
        FAVINDEX_ADMIN_PASSWORD: this.options.password ?? '',
        FAVINDEX_SHUTDOWN_GRACE_MS: '15000',
        ...this.options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.starts++;
    const mark = `\n--- start ${this.starts} (pid ${child.pid}) ---\n`;
    this.log += mark;
    const listening = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the server did not start in ${timeoutMs} ms:\n${this.tail()}`)), timeoutMs);
      const onData = (chunk: Buffer) => {
        this.log += chunk.toString();
        if (this.log.slice(this.log.lastIndexOf(mark)).includes(until)) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', (chunk: Buffer) => (this.log += chunk.toString()));
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the server exited (${code}) while starting:\n${this.tail()}`));
      });
    });
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    await listening;
  }

  /** SIGKILL: no cleanup at all, the way a crash or the OOM killer ends a process. */
  async kill(): Promise<void> {
    await this.signal('SIGKILL');
  }

  /** SIGTERM, and wait for the exit; returns the exit code. */
  async stop(): Promise<number | null> {
    return (await this.signal('SIGTERM')).code;
  }

  async signal(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    const child = this.child;
    if (!child || !this.exited) throw new Error('the server is not running');
    child.kill(signal);
    const result = await this.exited;
    this.child = null;
    this.exited = null;
    return result;
  }

  /** Send a signal without waiting, for tests that watch what happens meanwhile. */
  send(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    const child = this.child;
    const exited = this.exited;
    if (!child || !exited) throw new Error('the server is not running');
    child.kill(signal);
    return exited.then((result) => {
      this.child = null;
      this.exited = null;
      return result;
    });
  }

  /** SIGTERM, and fail with how the process ended and what it last printed unless it exits 0. */
  async stopCleanly(): Promise<void> {
    const ended = await this.signal('SIGTERM');
    if (ended.code !== 0) throw new Error(`the server did not exit 0 on SIGTERM (code ${ended.code}, signal ${ended.signal}):\n${this.tail()}`);
  }

  tail(chars = 4_000): string {
    return this.log.slice(-chars);
  }
}
