/**
 * First contact (issue 19; goal: the catalog in GET /catalog within 1 s of the proxy's start for
 * the three npm servers). Baseline, same run: the same SDK client starting server-everything,
 * server-filesystem and server-memory directly, side by side, until each answered tools/list
 * (what no proxy can beat). Measured, with a fresh state folder and project each round: from
 * startProxy() (in this process, Streamable HTTP) to the three catalogs in GET /catalog; and from
 * spawning `favindex proxy` (the node process and CLI start included) to its first tools/list.
 *
 * It runs the built server and CLI (`npm run build` first) on a fresh PGlite folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/client';
import { startProxy } from '@/proxy/proxy';
import { ServerProcess } from '@/test/fault/server-process';
import { freePort } from '@/test/mcp-server';
import { proxyArgs, ROOT, writeServersFile } from '@/test/proxy/harness';
import { percentile, round } from './surface-support';

const ROUNDS = Number(process.env.FAVINDEX_BENCH_FIRST_CONTACT_ROUNDS ?? 5);

async function client(command: string, args: string[], env: Record<string, string> = {}): Promise<Client> {
  const transport = new StdioClientTransport({
    command,
    args,
    stderr: 'ignore',
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), ...env },
  });
  const c = new Client({ name: 'bench', version: '1' }, { capabilities: {} });
  await c.connect(transport);
  return c;
}

const median = (samples: number[]) =>
  round(
    percentile(
      [...samples].sort((a, b) => a - b),
      0.5,
    ),
  );

export async function run(): Promise<Record<string, unknown>> {
  for (const file of ['dist/server.mjs', 'dist/cli.mjs'])
    if (!fs.existsSync(path.join(ROOT, file))) throw new Error(`first-contact bench needs ${file}: run npm run build`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'favindex-first-contact-bench-'));
  const server = new ServerProcess({
    port: await freePort(),
    env: { FAVINDEX_DATA_DIR: path.join(work, 'data'), DATABASE_URL: '', FAVINDEX_CATALOG_SYNC: '0' },
  });
  const direct: number[] = [];
  const catalog: number[] = [];
  const firstList: number[] = [];
  try {
    await server.start();
    const admin = (method: string, p: string, body?: unknown) =>
      fetch(server.baseUrl + p, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) }).then(
        (r) => r.json(),
      );
    const servers = JSON.parse(fs.readFileSync(writeServersFile(work), 'utf8')).mcpServers as Record<
      string,
      { command: string; args: string[]; env?: Record<string, string> }
    >;
    const project = async (id: string): Promise<string> => {
      await admin('POST', '/api/projects', { id });
      const made = await admin('POST', `/api/projects/${id}/tokens`, { name: 'bench', scopes: ['events:write', 'surface:read', 'catalog:write'] });
      return made.token;
    };
    const catalogSeen = async (id: string, since: number): Promise<number> => {
      for (;;) {
        const body = await admin('GET', `/api/projects/${id}/catalog`);
        if (body.servers?.length === 3) return performance.now() - since;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    for (let r = 0; r < ROUNDS; r++) {
      // Alternating, so a busy moment of the machine falls on both sides.
      const started = performance.now();
      const directClients = await Promise.all(
        Object.values(servers).map(async (s) => {
          const c = await client(s.command, s.args, s.env);
          await c.listTools();
          return c;
        }),
      );
      direct.push(performance.now() - started);
      for (const c of directClients) await c.close();

      const inProcess = `first-contact-${r}`;
      const token = await project(inProcess);
      const configs = Object.entries(servers).map(([name, s]) => ({
        name,
        endpoint: { transport: 'stdio' as const, command: s.command, args: s.args, env: s.env ?? {} },
      }));
      const startedAt = performance.now();
      const running = await startProxy({
        url: server.baseUrl,
        project: inProcess,
        token,
        upstreams: configs,
        stateDir: path.join(work, inProcess),
        listen: { host: '127.0.0.1', port: 0 },
        pollMs: 10_000,
        spoolMaxBytes: 1 << 20,
        requestTimeoutMs: 30_000,
        callTimeoutMs: 60_000,
        startWaitMs: 5_000,
        log: () => {},
      });
      catalog.push(await catalogSeen(inProcess, startedAt));
      await running.stop();

      const spawnedId = `first-contact-cli-${r}`;
      const cliToken = await project(spawnedId);
      const args = proxyArgs({
        url: server.baseUrl,
        project: spawnedId,
        token: cliToken,
        config: path.join(work, 'servers.json'),
        stateDir: path.join(work, spawnedId),
      });
      const spawned = performance.now();
      const proxy = await client(process.execPath, args);
      await proxy.listTools();
      firstList.push(performance.now() - spawned);
      await proxy.close();
    }
    return {
      rounds: ROUNDS,
      serversDirectMs: median(direct),
      catalogVisibleMs: median(catalog),
      firstListViaCliMs: median(firstList),
      catalogAfterServersMs: round(median(catalog) - median(direct)),
      goalCatalogMs: 1_000,
    };
  } finally {
    if (server.pid) await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}
