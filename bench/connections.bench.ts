/**
 * `GET /api/projects/:id/surface` from 200 keep-alive connections at once (docs/benchmarks.md):
 * p50 and p99 in local mode and in password mode with a project token, against a bare
 * node:http server returning the same bytes, in the same run. Goals: the app's p99 under 200 ms,
 * and its first second after a start (the server warms up before it listens) within 2× of its
 * steady p99; the first second of a server started with FAVINDEX_WARM_UP=0 is the comparison.
 *
 * Every connection asks again as soon as it has its answer, so whatever makes requests queue
 * (a cache that all of them miss at once, a read per request) shows in the tail. It runs the
 * built server (`npm run build` first) on PGlite, the default database, in a folder of its own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '@/db/client';
import { DEMO_SERVERS } from '@/lib/demo/catalogs';
import { defaultSurfaceConfig } from '@/lib/schemas/surface-config';
import { putServerCatalog } from '@/server/catalog/put-catalog';
import { createAppContext } from '@/server/context';
import { writeFavourites } from '@/server/favourites/favourites';
import { createProject } from '@/server/projects/projects';
import { createToken } from '@/server/tokens/tokens';
import { BARE_SERVER, closedLoop, type LoadResult, requireBuild, round } from './surface-support';

const APP_PORT = Number(process.env.CONNECTIONS_BENCH_PORT ?? 3328);
const BARE_PORT = APP_PORT + 1;
const CONNECTIONS = Number(process.env.FAVINDEX_BENCH_CONNECTIONS ?? 200);
const SECONDS = 5;
const ROUNDS = 3;
const PROJECT = 'bench-connections';
const PASSWORD = 'connections-bench-password';

export async function run(): Promise<Record<string, unknown>> {
  requireBuild('connections');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'favindex-connections-bench-'));
  const dataDir = path.join(tmp, 'data');
  const children: ChildProcess[] = [];
  try {
    const token = await seed(dataDir);
    const url = `http://127.0.0.1:${APP_PORT}/api/projects/${PROJECT}/surface`;
    const bareUrl = `http://127.0.0.1:${BARE_PORT}/api/projects/${PROJECT}/surface`;
    const modes = {
      local: { env: { FAVINDEX_ADMIN_PASSWORD: '' }, headers: {} as Record<string, string> },
      tokenInPasswordMode: { env: { FAVINDEX_ADMIN_PASSWORD: PASSWORD, HOST: '127.0.0.1' }, headers: { authorization: `Bearer ${token}` } },
    };
    const figures: Record<string, unknown> = { connections: CONNECTIONS, secondsPerRun: SECONDS, rounds: ROUNDS };
    {
      // The same start without the warm-up, for comparison: its first second only.
      const unwarmed = await start(
        process.execPath,
        ['dist/server.mjs'],
        { PORT: String(APP_PORT), FAVINDEX_DATA_DIR: dataDir, DATABASE_URL: '', FAVINDEX_ADMIN_PASSWORD: '', FAVINDEX_WARM_UP: '0' },
        url,
        {},
      );
      children.push(unwarmed);
      const cold = await closedLoop(url, { concurrency: CONNECTIONS, seconds: 1 });
      await stop(unwarmed);
      figures.localWithoutWarmUp = { coldFirstSecond: { p50Ms: cold.p50Ms, p99Ms: cold.p99Ms } };
    }
    for (const [name, mode] of Object.entries(modes)) {
      const app = await start(
        process.execPath,
        ['dist/server.mjs'],
        { PORT: String(APP_PORT), FAVINDEX_DATA_DIR: dataDir, DATABASE_URL: '', ...mode.env },
        url,
        mode.headers,
      );
      const first = await fetch(url, { headers: mode.headers });
      const body = Buffer.from(await first.arrayBuffer());
      if (first.status !== 200) throw new Error(`surface answered ${first.status}: ${body}`);
      const headers: Record<string, string> = {};
      first.headers.forEach((value, key) => {
        if (['etag', 'cache-control', 'content-type'].includes(key)) headers[key] = value;
      });
      const bodyFile = path.join(tmp, 'body.json');
      fs.writeFileSync(bodyFile, body);
      const bare = await start(
        process.execPath,
        ['-e', BARE_SERVER],
        { PORT: String(BARE_PORT), BODY_FILE: bodyFile, HEADERS: JSON.stringify(headers) },
        bareUrl,
        {},
      );
      children.push(app, bare);
      // The first burst of 200 connections meets cold code (JIT, the first render): reported apart.
      const cold = await closedLoop(url, { concurrency: CONNECTIONS, seconds: 1, headers: mode.headers });
      await closedLoop(bareUrl, { concurrency: CONNECTIONS, seconds: 1 });
      const runs: { app: LoadResult[]; bare: LoadResult[] } = { app: [], bare: [] };
      for (let pass = 0; pass < ROUNDS; pass++) {
        // Alternate which goes first, so neither always meets a warmer or quieter machine.
        const order = pass % 2 === 0 ? (['bare', 'app'] as const) : (['app', 'bare'] as const);
        for (const side of order) {
          runs[side].push(
            await closedLoop(side === 'app' ? url : bareUrl, { concurrency: CONNECTIONS, seconds: SECONDS, headers: side === 'app' ? mode.headers : {} }),
          );
        }
      }
      await stop(app);
      await stop(bare);
      figures[name] = summarise(runs, cold);
    }
    const worstP99 = Math.max(...Object.keys(modes).map((m) => (figures[m] as { app: { p99Ms: number } }).app.p99Ms));
    const worstCold = Math.max(...Object.keys(modes).map((m) => (figures[m] as { coldToSteadyP99: number }).coldToSteadyP99));
    return {
      ...figures,
      loadAverage: os.loadavg().map((n) => round(n)),
      goals: { appP99BelowMs: 200, coldToSteadyP99AtMost: 2 },
      meetsGoals: worstP99 < 200 && worstCold <= 2,
    };
  } finally {
    for (const child of children) await stop(child);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** A project with the demo catalogs and favourites, and a surface:read token; returns the token. */
async function seed(dataDir: string): Promise<string> {
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    const { db } = database;
    await createProject(db, { id: PROJECT, description: '', metaTools: [], retentionDays: null, surface: defaultSurfaceConfig() });
    for (const s of DEMO_SERVERS) await putServerCatalog(db, PROJECT, s.server, s.tools, 'bench');
    const pins = ['github/create_issue', 'gitlab/create_issue', 'filesystem/read_file', 'memory/read_graph', 'github/create_pull_request'];
    await writeFavourites(db, PROJECT, { enabled: true, maxFavourites: 15, tools: pins }, { via: 'api' });
    return (await createToken(createAppContext(database), PROJECT, { name: 'bench', scopes: ['surface:read'] })).token;
  } finally {
    await database.close();
  }
}

function summarise(runs: { app: LoadResult[]; bare: LoadResult[] }, cold: LoadResult) {
  for (const r of [...runs.app, ...runs.bare, cold]) {
    const bad = Object.entries(r.statuses).filter(([status]) => status !== '200');
    if (bad.length > 0) throw new Error(`answers other than 200: ${JSON.stringify(r.statuses)}`);
  }
  const side = (list: LoadResult[]) => ({
    rps: median(list.map((r) => r.requestsPerSecond)),
    p50Ms: median(list.map((r) => r.p50Ms)),
    p99Ms: round(Math.max(...list.map((r) => r.p99Ms))),
    // The worst round is often the machine's (another job's burst); the median round is the app's.
    p99MedianMs: round(median(list.map((r) => r.p99Ms))),
    perRound: list.map((r) => `p50 ${r.p50Ms} p99 ${r.p99Ms}ms ${r.requestsPerSecond}/s`).join(', '),
  });
  // Each round's app and bare runs are back to back: their ratio cancels most of the machine's drift.
  const ratio = (pick: (r: LoadResult) => number) => round(median(runs.app.map((r, i) => pick(r) / pick(runs.bare[i]!))));
  return {
    app: side(runs.app),
    bare: side(runs.bare),
    p50Ratio: ratio((r) => r.p50Ms),
    p99Ratio: ratio((r) => r.p99Ms),
    rpsRatio: ratio((r) => r.requestsPerSecond),
    coldFirstSecond: { p50Ms: cold.p50Ms, p99Ms: cold.p99Ms },
    // A restarted server meets every proxy at once: its first second against its steady rounds.
    coldToSteadyP99: round(cold.p99Ms / median(runs.app.map((r) => r.p99Ms))),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function start(command: string, args: string[], env: Record<string, string>, readyUrl: string, headers: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(command, args, {
    env: { ...process.env, ...env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', FAVINDEX_CATALOG_SYNC: '0' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${args[0]} exited: ${stderr}`);
    try {
      if ((await fetch(readyUrl, { headers })).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`${args[0]} did not come up: ${stderr}`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
