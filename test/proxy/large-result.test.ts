import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopChild } from '@/test/child-process';
import { freePort } from '@/test/mcp-server';
import { proxyArgs, ROOT } from './harness';

/**
 * A 9 MiB tool result through the built `favindex proxy` over stdio (#45): it passes in at most
 * twice the time it takes straight from the server, measured in the same run, and a ping sent
 * to the proxy while it passes is answered within 100 ms. A call is timed as a client has its
 * result: the last byte read, and the line parsed (each parse is timed after the last round, so
 * that the client reads every ping's answer as it comes, and collects none of their garbage). No favindex runs behind the proxy (--url
 * answers nothing): it presents its defaults.
 */
const MiB = 1024 * 1024;
const RAW = path.join(ROOT, 'test', 'proxy', 'raw-result-server.mjs');
const ROUNDS = 3;

/** Prose as a fetched page or a file holds it: lines, quotes, tabs and letters outside ASCII. */
function page(bytes: number): string {
  const line = 'Ein „großer“ Absatz: the proxy passes it on as it came,\t"quoted" and plain, 2 × 3 € — done.\n';
  return line.repeat(Math.ceil(bytes / Buffer.byteLength(line))).slice(0, bytes - 16 * 1024);
}
const RESULTS = {
  huge: { content: [{ type: 'text', text: page(9 * MiB) }], structuredContent: { pages: 1 } },
  over: { content: [{ type: 'text', text: 'o'.repeat(11 * MiB) }] },
  small: { content: [{ type: 'text', text: 'small' }] },
};

/**
 * A peer over stdio read as a client reads it, line by line; a line past 64 KiB is kept as its
 * bytes, with the time it ended, and parsed only when the test asks.
 */
class LinePeer {
  private readonly waiting = new Map<number, (line: Line) => void>();
  /** Who waits for the next large line (one large answer is awaited at a time). */
  private large: ((line: Line) => void) | null = null;
  private pending: Buffer[] = [];
  private nextId = 1;
  stderr = '';

  constructor(readonly child: ChildProcess) {
    child.stdout?.on('data', (chunk: Buffer) => this.read(chunk));
    child.stderr?.on('data', (chunk: Buffer) => {
      this.stderr += chunk.toString();
    });
  }

  send(message: object): void {
    this.child.stdin?.write(`${JSON.stringify(message)}\n`);
  }

  request(method: string, params: object = {}): Promise<Line> {
    const id = this.nextId++;
    const answer = new Promise<Line>((resolve) => this.waiting.set(id, resolve));
    this.send({ jsonrpc: '2.0', id, method, params });
    return answer;
  }

  /** A call whose answer is a large line. */
  largeCall(name: string): Promise<Line> {
    const answer = new Promise<Line>((resolve) => {
      this.large = resolve;
    });
    this.send({ jsonrpc: '2.0', id: this.nextId++, method: 'tools/call', params: { name, arguments: {} } });
    return answer;
  }

  async initialize(): Promise<void> {
    await this.request('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'large-result-test', version: '1' } });
    this.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  }

  private read(chunk: Buffer): void {
    let from = 0;
    for (let newline = chunk.indexOf(10); newline !== -1; newline = chunk.indexOf(10, from)) {
      this.pending.push(chunk.subarray(from, newline));
      this.ended(Buffer.concat(this.pending));
      this.pending = [];
      from = newline + 1;
    }
    if (from < chunk.length) this.pending.push(Buffer.from(chunk.subarray(from)));
  }

  private ended(bytes: Buffer): void {
    const line = new Line(bytes, performance.now());
    if (bytes.length > 64 * 1024) {
      this.large?.(line);
      this.large = null;
      return;
    }
    const id = line.message().id;
    if (typeof id === 'number') this.waiting.get(id)?.(line);
  }
}

class Line {
  constructor(
    readonly bytes: Buffer,
    /** When its last byte was read. */
    readonly at: number,
  ) {}

  message(): Record<string, unknown> {
    return JSON.parse(this.bytes.toString('utf8')) as Record<string, unknown>;
  }

  /** How long a client takes to parse it. */
  parseMs(): number {
    const started = performance.now();
    this.message();
    return performance.now() - started;
  }
}

function start(command: string[]): LinePeer {
  const [file, ...args] = command;
  const child = spawn(file ?? process.execPath, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), NODE_ENV: 'production' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  children.push(child);
  return new LinePeer(child);
}

const children: ChildProcess[] = [];
let work: string;
let direct: LinePeer;
let proxy: LinePeer;
/** The presented names of the raw server's tools. */
const names: Record<string, string> = {};

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'favindex-large-result-'));
  const results = path.join(work, 'results.json');
  fs.writeFileSync(results, JSON.stringify(RESULTS));
  const config = path.join(work, 'servers.json');
  fs.writeFileSync(config, JSON.stringify({ mcpServers: { raw: { command: process.execPath, args: [RAW, results] } } }));
  direct = start([process.execPath, RAW, results]);
  const url = `http://127.0.0.1:${await freePort()}`;
  const args = proxyArgs({ url, project: 'large', token: 'unused', config, stateDir: path.join(work, 'state'), extra: ['--start-wait', '30'] });
  proxy = start([process.execPath, ...args]);
  await Promise.all([direct.initialize(), proxy.initialize()]);
  // The first list waits (--start-wait) until the server has listed its tools.
  const listed = (await proxy.request('tools/list')).message().result as { tools: { name: string }[] };
  for (const tool of Object.keys(RESULTS)) names[tool] = listed.tools.find((t) => t.name.endsWith(tool))?.name ?? `(not listed: ${tool})`;
}, 60_000);

afterAll(async () => {
  for (const child of children) await stopChild(child);
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe('a 9 MiB tool result through favindex proxy', () => {
  it('takes at most twice the time it takes straight from the server, and a ping beside it is answered within 100 ms', async () => {
    /** When each call was sent, and its answer. */
    const straight: [number, Line][] = [];
    const through: [number, Line][] = [];
    /** The slowest ping of each round. */
    const slowest: number[] = [];
    let pings = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const startedDirect = performance.now();
      straight.push([startedDirect, await direct.largeCall('huge')]);

      const startedProxied = performance.now();
      const proxied = proxy.largeCall(names.huge ?? 'huge');
      let done = false;
      void proxied.then(() => {
        done = true;
      });
      // A ping every 10 ms while the result is on its way: each is timed to its answer.
      const answered: Promise<number>[] = [];
      while (!done) {
        const sent = performance.now();
        answered.push(proxy.request('ping').then((pong) => pong.at - sent));
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      through.push([startedProxied, await proxied]);
      slowest.push(Math.max(...(await Promise.all(answered))));
      pings += answered.length;
    }
    const straightMs = straight.map(([sent, line]) => line.at - sent + line.parseMs());
    const throughMs = through.map(([sent, line]) => line.at - sent + line.parseMs());
    const figures = { straightMs: straightMs.map(Math.round), throughMs: throughMs.map(Math.round), pings, slowestPingMs: slowest.map(Math.round) };
    console.log(`[large result] ${JSON.stringify(figures)}`);

    // What the client got is what the server wrote, whichever way it came.
    const fromServer = straight[0]?.[1].message();
    const fromProxy = through[0]?.[1].message();
    expect(fromProxy?.error).toBeUndefined();
    expect(JSON.stringify(fromProxy?.result) === JSON.stringify(fromServer?.result)).toBe(true);

    // The best round each way, as benchmarks judge on a shared machine: what other processes do
    // only ever adds time, so the fastest round is the nearest to the proxy's own cost. A stall of
    // the proxy's own is in every round (before #45 every ping waited for the whole result).
    expect(Math.min(...throughMs), JSON.stringify(figures)).toBeLessThanOrEqual(2 * Math.min(...straightMs));
    expect(pings).toBeGreaterThanOrEqual(ROUNDS);
    expect(Math.min(...slowest), JSON.stringify(figures)).toBeLessThan(100);
  }, 120_000);

  it('past the 10 MiB limit still fails alone, as a tool error, and the next call is served', async () => {
    const over = (await proxy.request('tools/call', { name: names.over, arguments: {} })).message().result as { isError: boolean; content: { text: string }[] };
    expect(over.isError).toBe(true);
    expect(over.content[0]?.text).toMatch(/^the result of over \(MCP server 'raw'\) was 11\.0 MiB; the proxy passes at most 10 MiB per message/);
    const small = (await proxy.request('tools/call', { name: names.small, arguments: {} })).message().result;
    expect(small).toEqual(RESULTS.small);
  }, 60_000);
});
