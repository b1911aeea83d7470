/**
 * What `favindex proxy` adds to a tool call (issue #12; goal: ≤ 1 ms at p50 over a stdio
 * upstream). Baseline, same run: the same SDK client calling server-everything's `echo` over
 * stdio directly. Measured: tools/call through the proxy (a favourite, traced to the spool and
 * posted to favindex meanwhile), p50 and p99, and what that adds; tools/list through the proxy
 * for server-everything alone and with a 2,000-tool server beside it.
 *
 * It runs the built server and CLI (`npm run build` first) on a fresh PGlite folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ServerProcess } from '@/test/fault/server-process';
import { freePort } from '@/test/mcp-server';
import { eventually, proxyArgs, ROOT } from '@/test/proxy/harness';
import { percentile, round } from './surface-support';

const ROUNDS = 4;
const CALLS = Number(process.env.FAVINDEX_BENCH_PROXY_CALLS ?? 500);
const LISTS = 200;
const EVERYTHING = [path.join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'];

async function connect(args: string[]): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args,
    stderr: 'ignore',
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir() },
  });
  const client = new Client({ name: 'bench', version: '1' }, { capabilities: {} });
  await client.connect(transport);
  return client;
}

async function time(times: number, run: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await run();
    out.push(performance.now() - started);
  }
  return out;
}

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
}

export async function run(): Promise<Record<string, unknown>> {
  for (const file of ['dist/server.mjs', 'dist/cli.mjs'])
    if (!fs.existsSync(path.join(ROOT, file))) throw new Error(`proxy bench needs ${file}: run npm run build`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'favindex-proxy-bench-'));
  const server = new ServerProcess({
    port: await freePort(),
    env: { FAVINDEX_DATA_DIR: path.join(work, 'data'), DATABASE_URL: '', FAVINDEX_CATALOG_SYNC: '0' },
  });
  const clients: Client[] = [];
  try {
    await server.start();
    const admin = (method: string, p: string, body?: unknown) =>
      fetch(server.baseUrl + p, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) }).then(
        (r) => r.json(),
      );
    const project = async (id: string, servers: Record<string, unknown>) => {
      await admin('POST', '/api/projects', { id });
      await admin('POST', `/api/projects/${id}/favourites/pin`, { tool: 'everything/echo' });
      const { token } = await admin('POST', `/api/projects/${id}/tokens`, { name: 'bench', scopes: ['events:write', 'surface:read', 'catalog:write'] });
      const config = path.join(work, `${id}.json`);
      fs.writeFileSync(config, JSON.stringify({ mcpServers: servers }));
      const client = await connect(proxyArgs({ url: server.baseUrl, project: id, token, config, stateDir: path.join(work, id) }));
      clients.push(client);
      return client;
    };
    const everything = { command: process.execPath, args: EVERYTHING };
    const big = { command: process.execPath, args: [path.join(ROOT, 'test/cli/paged-stdio-server.mjs')], env: { TOOLS: '2000' } };

    const direct = await connect(EVERYTHING);
    clients.push(direct);
    const proxied = await project('bench-proxy', { everything });
    await eventually(async () => {
      if ((await proxied.listTools()).tools[0]?.name !== 'fav_echo') throw new Error('not ready');
    }, 60_000);
    const large = await project('bench-proxy-large', { everything, big });
    await eventually(async () => {
      if ((await large.listTools()).tools.length < 2_000) throw new Error('not ready');
    }, 60_000);

    const callDirect = () => direct.callTool({ name: 'echo', arguments: { message: 'bench' } });
    const callProxied = () => proxied.callTool({ name: 'fav_echo', arguments: { message: 'bench' } });
    await time(200, callDirect);
    await time(200, callProxied);
    const directCalls: number[] = [];
    const proxiedCalls: number[] = [];
    // Alternating rounds, so a busy moment of the machine falls on both sides.
    for (let r = 0; r < ROUNDS; r++) {
      directCalls.push(...(await time(CALLS, callDirect)));
      proxiedCalls.push(...(await time(CALLS, callProxied)));
    }
    const d = summary(directCalls);
    const p = summary(proxiedCalls);
    const listDirect = summary(await time(LISTS, () => direct.listTools()));
    const listProxied = summary(await time(LISTS, () => proxied.listTools()));
    const listLarge = summary(await time(LISTS / 4, () => large.listTools()));
    return {
      calls: directCalls.length,
      callDirectMs: d,
      callProxiedMs: p,
      addedMs: { p50: round(p.p50 - d.p50), p99: round(p.p99 - d.p99) },
      goalAddedP50Ms: 1,
      listDirectMs: listDirect,
      listProxiedMs: listProxied,
      listProxied2000ToolsMs: { ...listLarge, tools: (await large.listTools()).tools.length },
    };
  } finally {
    for (const c of clients) await c.close().catch(() => {});
    if (server.pid) await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}
