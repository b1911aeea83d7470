/**
 * `GET /api/projects/:id/surface` from 200 keep-alive connections at once (docs/benchmarks.md):
 * and from 16: p50 and p99 in local mode and in password mode with a project token, against a
 * bare node:http server returning the same bytes, in the same run. Goals: the app's p99 under
 * 200 ms, and its first second after a start (the server warms up before it listens) within 2×
 * of its steady p99. A freshly started bare server's first second, from the same load generator,
 * shows what any Node server's first second is here; a server started with FAVINDEX_WARM_UP=0
 * shows what the warm-up saves.
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
const WARMER_PORT = APP_PORT + 2;
const CONNECTIONS = Number(process.env.FAVINDEX_BENCH_CONNECTIONS ?? 200);
const CONCURRENCIES = [16, CONNECTIONS];
const SECONDS = 5;
const ROUNDS = 3;
const CLIENT_WARM_UP_SECONDS = 2;
const PROJECT = 'bench-connections';
const PASSWORD = 'connections-bench-password';

interface Mode {
  env: Record<string, string>;
  headers: Record<string, string>;
}

export async function run(): Promise<Record<string, unknown>> {
  requireBuild('connections');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'favindex-connections-bench-'));
  const dataDir = path.join(tmp, 'data');
  const children: ChildProcess[] = [];
  const surfacePath = `/api/projects/${PROJECT}/surface`;
  const urlOf = (port: number) => `http://127.0.0.1:${port}${surfacePath}`;
  try {
    const token = await seed(dataDir);
    const appEnv = { PORT: String(APP_PORT), FAVINDEX_DATA_DIR: dataDir, DATABASE_URL: '' };
    const modes: Record<string, Mode> = {
      local: { env: { FAVINDEX_ADMIN_PASSWORD: '' }, headers: {} },
      tokenInPasswordMode: { env: { FAVINDEX_ADMIN_PASSWORD: PASSWORD, HOST: '127.0.0.1' }, headers: { authorization: `Bearer ${token}` } },
    };
    const startApp = (mode: Mode, extra: Record<string, string> = {}) =>
      track(children, start(process.execPath, ['dist/server.mjs'], { ...appEnv, ...mode.env, ...extra }, urlOf(APP_PORT), mode.headers));
    const bareEnv = await bareAnswer(await startApp(modes.local!), urlOf(APP_PORT), tmp);
    const startBare = (port: number) => track(children, start(process.execPath, ['-e', BARE_SERVER], { ...bareEnv, PORT: String(port) }, urlOf(port), {}));
    // The load generator is a Node process too: cold, its own first second is slow against any
    // server. It runs against this one first, so what is measured is the server's first second.
    const warmer = await startBare(WARMER_PORT);
    const firstSecond = async (url: string, concurrency: number, headers: Record<string, string>) => {
      await closedLoop(urlOf(WARMER_PORT), { concurrency, seconds: CLIENT_WARM_UP_SECONDS });
      return closedLoop(url, { concurrency, seconds: 1, headers });
    };
    const figures: Record<string, unknown> = { connections: CONCURRENCIES, secondsPerRun: SECONDS, rounds: ROUNDS };
    for (const [name, mode] of Object.entries(modes)) {
      const perConcurrency: Record<string, unknown> = {};
      for (const concurrency of CONCURRENCIES) {
        const app = await startApp(mode);
        const appFirst = await firstSecond(urlOf(APP_PORT), concurrency, mode.headers);
        const bare = await startBare(BARE_PORT);
        const bareFirst = await firstSecond(urlOf(BARE_PORT), concurrency, {});
        const runs: { app: LoadResult[]; bare: LoadResult[] } = { app: [], bare: [] };
        for (let pass = 0; pass < ROUNDS; pass++) {
          // Alternate which goes first, so neither always meets a warmer or quieter machine.
          const order = pass % 2 === 0 ? (['bare', 'app'] as const) : (['app', 'bare'] as const);
          for (const side of order) {
            const [url, headers] = side === 'app' ? [urlOf(APP_PORT), mode.headers] : [urlOf(BARE_PORT), {}];
            runs[side].push(await closedLoop(url, { concurrency, seconds: SECONDS, headers }));
          }
        }
        await stop(app);
        await stop(bare);
        perConcurrency[`at${concurrency}`] = summarise(runs, appFirst, bareFirst);
      }
      figures[name] = perConcurrency;
    }
    // The same start without the warm-up, for comparison: its first second only.
    const unwarmed: Record<string, unknown> = {};
    for (const concurrency of CONCURRENCIES) {
      const app = await startApp(modes.local!, { FAVINDEX_WARM_UP: '0' });
      const first = await firstSecond(urlOf(APP_PORT), concurrency, {});
      await stop(app);
      unwarmed[`at${concurrency}`] = { firstSecond: { p50Ms: first.p50Ms, p99Ms: first.p99Ms } };
    }
    figures.localWithoutWarmUp = unwarmed;
    await stop(warmer);
    const cases = Object.keys(modes).flatMap((m) => CONCURRENCIES.map((c) => (figures[m] as Record<string, Summary>)[`at${c}`]!));
    const worstP99 = Math.max(...cases.map((s) => s.app.p99Ms));
    const worstFirst = Math.max(...cases.map((s) => s.firstToSteadyP99));
    return {
      ...figures,
      loadAverage: os.loadavg().map((n) => round(n)),
      goals: { appP99BelowMs: 200, firstToSteadyP99AtMost: 2 },
      meetsGoals: worstP99 < 200 && worstFirst <= 2,
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

interface Side {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  p99MedianMs: number;
  perRound: string;
}

interface Summary {
  app: Side;
  bare: Side;
  p50Ratio: number;
  p99Ratio: number;
  rpsRatio: number;
  firstSecond: { app: { p50Ms: number; p99Ms: number }; bare: { p50Ms: number; p99Ms: number } };
  firstToSteadyP99: number;
  bareFirstToSteadyP99: number;
}

function summarise(runs: { app: LoadResult[]; bare: LoadResult[] }, appFirst: LoadResult, bareFirst: LoadResult): Summary {
  for (const r of [...runs.app, ...runs.bare, appFirst, bareFirst]) {
    const bad = Object.entries(r.statuses).filter(([status]) => status !== '200');
    if (bad.length > 0) throw new Error(`answers other than 200: ${JSON.stringify(r.statuses)}`);
  }
  const side = (list: LoadResult[]): Side => ({
    rps: median(list.map((r) => r.requestsPerSecond)),
    p50Ms: median(list.map((r) => r.p50Ms)),
    p99Ms: round(Math.max(...list.map((r) => r.p99Ms))),
    // The worst round is often the machine's (another job's burst); the median round is the app's.
    p99MedianMs: round(median(list.map((r) => r.p99Ms))),
    perRound: list.map((r) => `p50 ${r.p50Ms} p99 ${r.p99Ms}ms ${r.requestsPerSecond}/s`).join(', '),
  });
  // Each round's app and bare runs are back to back: their ratio cancels most of the machine's drift.
  const ratio = (pick: (r: LoadResult) => number) => round(median(runs.app.map((r, i) => pick(r) / pick(runs.bare[i]!))));
  const steadyP99 = (list: LoadResult[]) => median(list.map((r) => r.p99Ms));
  return {
    app: side(runs.app),
    bare: side(runs.bare),
    p50Ratio: ratio((r) => r.p50Ms),
    p99Ratio: ratio((r) => r.p99Ms),
    rpsRatio: ratio((r) => r.requestsPerSecond),
    firstSecond: { app: { p50Ms: appFirst.p50Ms, p99Ms: appFirst.p99Ms }, bare: { p50Ms: bareFirst.p50Ms, p99Ms: bareFirst.p99Ms } },
    // A restarted server meets every proxy at once: its first second against its steady rounds.
    firstToSteadyP99: round(appFirst.p99Ms / steadyP99(runs.app)),
    bareFirstToSteadyP99: round(bareFirst.p99Ms / steadyP99(runs.bare)),
  };
}

function track(children: ChildProcess[], started: Promise<ChildProcess>): Promise<ChildProcess> {
  return started.then((child) => {
    children.push(child);
    return child;
  });
}

/** The app's surface answer, written for the bare servers to send; stops the app that gave it. */
async function bareAnswer(app: ChildProcess, url: string, tmp: string): Promise<Record<string, string>> {
  const first = await fetch(url);
  const body = Buffer.from(await first.arrayBuffer());
  if (first.status !== 200) throw new Error(`surface answered ${first.status}: ${body}`);
  const headers: Record<string, string> = {};
  first.headers.forEach((value, key) => {
    if (['etag', 'cache-control', 'content-type'].includes(key)) headers[key] = value;
  });
  const bodyFile = path.join(tmp, 'body.json');
  fs.writeFileSync(bodyFile, body);
  await stop(app);
  return { BODY_FILE: bodyFile, HEADERS: JSON.stringify(headers) };
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
