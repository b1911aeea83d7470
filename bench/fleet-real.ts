/**
 * The fleet simulator checked against the real thing, same run: `count` real `favindex proxy`
 * processes (the built CLI, server-everything behind them, an MCP client calling a tool at
 * 10 calls/s) and as many simulated proxies (bench/fleet-proxy.ts) at the same rate, each side
 * through a counting relay in front of the server. What each side sends per proxy: trace posts
 * per second and events per post, /surface polls and reports; the simulator is faithful when
 * they agree.
 */
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { PROXY_SCOPES } from '@/lib/schemas/tokens';
import { seededRandom } from '@/lib/stats/random';
import { eventually, ROOT } from '@/test/proxy/harness';
import fs from 'node:fs';
import { FleetProxy } from './fleet-proxy';
import { FleetRecord } from './fleet-record';
import { round } from './usage-support';

const CALLS_PER_SECOND = 10;
const WINDOW_MS = 10_000;
const EVERYTHING = [path.join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'];

interface Counts {
  posts: number;
  events: number;
  polls: number;
  reports: number;
  other: number;
}

/** A relay to `target` that counts what passes, by kind. */
async function countingRelay(target: string): Promise<{ url: string; counts: Counts; close(): Promise<void> }> {
  const counts: Counts = { posts: 0, events: 0, polls: 0, reports: 0, other: 0 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = req.url ?? '';
      if (req.method === 'POST' && /\/events$/.test(url)) {
        counts.posts++;
        counts.events += body.toString().split('\n').filter(Boolean).length;
      } else if (req.method === 'GET' && /\/surface(\?|$)/.test(url)) counts.polls++;
      else if (req.method === 'PUT' && url.includes('/proxies/')) counts.reports++;
      else counts.other++;
      const headers = { ...req.headers };
      delete headers['content-length'];
      const out = http.request(`${target}${url}`, { method: req.method, headers: { ...headers, 'content-length': String(body.length) } }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      out.on('error', () => res.writeHead(502).end());
      out.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function admin(baseUrl: string, method: string, p: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(baseUrl + p, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as Record<string, unknown>;
}

/** Calls at `perSecond` on average (exponential gaps) until `until`; the number made. */
async function callAt(client: Client, tool: string, perSecond: number, until: number, rand: () => number): Promise<number> {
  let made = 0;
  while (Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, (-Math.log(1 - rand()) / perSecond) * 1000));
    await client.callTool({ name: tool, arguments: { message: 'fleet' } });
    made++;
  }
  return made;
}

export async function compareWithRealProxies(baseUrl: string, count: number, work: string): Promise<Record<string, unknown>> {
  const project = 'fleet-check';
  await admin(baseUrl, 'POST', '/api/projects', { id: project });
  await admin(baseUrl, 'POST', `/api/projects/${project}/favourites/pin`, { tool: 'everything/echo' });
  const { token } = (await admin(baseUrl, 'POST', `/api/projects/${project}/tokens`, { name: 'check', scopes: [...PROXY_SCOPES] })) as { token: string };
  const realRelay = await countingRelay(baseUrl);
  const simRelay = await countingRelay(baseUrl);
  const config = path.join(work, 'check-servers.json');
  fs.writeFileSync(config, JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: EVERYTHING } } }));
  const clients: Client[] = [];
  const record = new FleetRecord();
  const rand = seededRandom(5);
  const simulated = Array.from(
    { length: count },
    (_, i) =>
      new FleetProxy({
        baseUrl: simRelay.url,
        project,
        token,
        id: `check${String(i).padStart(4, '0')}`,
        callsPerSecond: CALLS_PER_SECOND,
        pollMs: 10_000,
        rand,
        record,
      }),
  );
  try {
    for (let i = 0; i < count; i++) {
      // The CLI's defaults (--poll 10 among them), as a user starts it.
      const args = [path.join(ROOT, 'bin', 'favindex.mjs'), 'proxy', '--url', realRelay.url, '--project', project, '--token', token, '--config', config];
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [...args, '--state-dir', path.join(work, `check-proxy-${i}`)],
        stderr: 'ignore',
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir() },
      });
      const client = new Client({ name: 'claude-code', version: '1' }, { capabilities: {} });
      await client.connect(transport);
      clients.push(client);
    }
    const tool = await eventually(async () => {
      const name = (await clients[0]!.listTools()).tools.find((t) => t.name.includes('echo'))?.name;
      if (!name) throw new Error('echo not listed yet');
      return name;
    }, 60_000);
    await Promise.all(simulated.map((p) => p.start()));
    // Counted from here: the start-up's catalog uploads and first reads are behind.
    for (const relay of [realRelay, simRelay]) Object.assign(relay.counts, { posts: 0, events: 0, polls: 0, reports: 0, other: 0 });
    record.measuring = true;
    const until = Date.now() + WINDOW_MS;
    for (const p of simulated) p.startCalls();
    const made = await Promise.all(clients.map((c) => callAt(c, tool, CALLS_PER_SECOND, until, rand)));
    for (const p of simulated) p.stopCalls();
    record.measuring = false;
    // The last traces: sealed within half a second, then posted.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const perProxy = (c: Counts, calls: number) => ({
      calls,
      postsPerSecond: round(c.posts / count / (WINDOW_MS / 1000), 2),
      eventsPerPost: round(c.events / Math.max(1, c.posts), 2),
      polls: c.polls,
      reports: c.reports,
      other: c.other,
    });
    return {
      proxies: count,
      callsPerProxyPerSecond: CALLS_PER_SECOND,
      seconds: WINDOW_MS / 1000,
      real: perProxy(
        realRelay.counts,
        made.reduce((a, b) => a + b, 0),
      ),
      simulated: perProxy(simRelay.counts, record.made),
    };
  } finally {
    for (const p of simulated) p.stop();
    for (const c of clients) await c.close().catch(() => {});
    await realRelay.close();
    await simRelay.close();
  }
}
