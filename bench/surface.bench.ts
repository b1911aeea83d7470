/**
 * `GET /api/projects/:id/surface` under load (docs/benchmarks.md): requests/s and p99 for 200 and 304
 * answers at 16 and at 200 keep-alive connections, driven by wrk, against a bare node:http
 * server returning the same bytes and headers in the same run. Each run reports the cores the
 * server used, so it shows that the bare server saturated (its rate is its limit, not wrk's).
 * Goals: at least a third of the bare server's rate in each of the four cases; p99 under 20 ms
 * at 16 connections.
 *
 * It runs the built server (dist/server.mjs and .next/, from `npm run build`) on its own
 * PostgreSQL database, in local mode. Run it under the e2e lock so no build replaces them.
 * FAVINDEX_BENCH_SURFACE_SECONDS sets each run's length (default 5).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { putServerCatalog } from '@/server/catalog/put-catalog';
import { writeFavourites } from '@/server/favourites/favourites';
import { createProject } from '@/server/projects/projects';
import { DEMO_SERVERS } from '@/lib/demo/catalogs';
import { defaultSurfaceConfig } from '@/lib/schemas/surface-config';
import { stopChild } from '@/test/child-process';
import { BARE_SERVER, createBenchDatabase, requireBuild, round } from './surface-support';
import { requireWrk, type WrkResult, wrk } from './wrk';

const APP_PORT = Number(process.env.SURFACE_BENCH_PORT ?? 3324);
const BARE_PORT = APP_PORT + 1;
const SECONDS = Number(process.env.FAVINDEX_BENCH_SURFACE_SECONDS ?? 5);
const ROUNDS = 3;
const PROJECT = 'bench-surface';
/** A server using this much of one core (or more) during a run was the limit of that run. */
const SATURATED_CORES = 0.85;
const NOT_REPLAYED = ['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'];
// FAVINDEX_BENCH_SURFACE_PROF=<folder>: the app server writes a CPU profile there when it stops.
const PROFILE = process.env.FAVINDEX_BENCH_SURFACE_PROF;

function replayable(response: Response): Record<string, string> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!NOT_REPLAYED.includes(name)) headers[name] = value;
  });
  return headers;
}

export async function run(): Promise<Record<string, unknown>> {
  requireBuild('surface');
  requireWrk('surface');
  const bench = await createBenchDatabase('surface');
  const children: ChildProcess[] = [];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'favindex-surface-bench-'));
  try {
    const { db } = bench.database;
    await createProject(db, { id: PROJECT, description: '', metaTools: [], retentionDays: null, surface: defaultSurfaceConfig() });
    for (const s of DEMO_SERVERS) await putServerCatalog(db, PROJECT, s.server, s.tools, 'bench');
    const pins = ['github/create_issue', 'gitlab/create_issue', 'filesystem/read_file', 'memory/read_graph', 'github/create_pull_request'];
    await writeFavourites(db, PROJECT, { enabled: true, maxFavourites: 15, tools: pins }, { via: 'api' });
    await bench.database.close();

    const appUrl = `http://127.0.0.1:${APP_PORT}/api/projects/${PROJECT}/surface`;
    const app = await start(
      process.execPath,
      [...(PROFILE ? ['--cpu-prof', '--cpu-prof-dir', PROFILE] : []), 'dist/server.mjs'],
      { PORT: String(APP_PORT), DATABASE_URL: bench.url, FAVINDEX_ADMIN_PASSWORD: '', FAVINDEX_DB_POOL: '10' },
      `http://127.0.0.1:${APP_PORT}/api/projects`,
    );
    children.push(app);
    const first = await fetch(appUrl);
    const body = Buffer.from(await first.arrayBuffer());
    if (first.status !== 200) throw new Error(`surface answered ${first.status}: ${body}`);
    const etag = first.headers.get('etag')!;
    const notModified = await fetch(appUrl, { headers: { 'if-none-match': etag } });
    if (notModified.status !== 304) throw new Error(`surface answered ${notModified.status} to its own ETag`);
    const bodyFile = path.join(tmp, 'body.json');
    fs.writeFileSync(bodyFile, body);
    const bareUrl = `http://127.0.0.1:${BARE_PORT}/api/projects/${PROJECT}/surface`;
    const bare = await start(
      process.execPath,
      ['-e', BARE_SERVER],
      { PORT: String(BARE_PORT), BODY_FILE: bodyFile, HEADERS: JSON.stringify(replayable(first)), HEADERS_304: JSON.stringify(replayable(notModified)) },
      bareUrl,
    );
    children.push(bare);
    const bareFirst = await fetch(bareUrl);
    if (Buffer.compare(Buffer.from(await bareFirst.arrayBuffer()), body) !== 0) throw new Error('the bare server does not return the same bytes');
    const bare304 = await fetch(bareUrl, { headers: { 'if-none-match': etag } });
    if (bare304.status !== 304) throw new Error(`the bare server answered ${bare304.status} to the ETag`);

    const sides = { app: { url: appUrl, pid: app.pid! }, bare: { url: bareUrl, pid: bare.pid! } };
    const cases = [
      { name: 'c16_200', connections: 16, headers: {} },
      { name: 'c16_304', connections: 16, headers: { 'if-none-match': etag } },
      { name: 'c200_200', connections: 200, headers: {} },
      { name: 'c200_304', connections: 200, headers: { 'if-none-match': etag } },
    ] as const;
    const load = (side: keyof typeof sides, c: (typeof cases)[number], seconds: number) =>
      wrk(sides[side].url, { connections: c.connections, seconds, headers: c.headers, serverPid: sides[side].pid });
    for (const c of cases) for (const side of ['app', 'bare'] as const) await load(side, c, 1);

    const runs: Record<string, { app: WrkResult[]; bare: WrkResult[] }> = {};
    for (const c of cases) runs[c.name] = { app: [], bare: [] };
    for (let pass = 0; pass < ROUNDS; pass++) {
      // App and bare back to back, in turn first, so neither always runs on a warmer or quieter machine.
      const sideOrder = pass % 2 === 0 ? (['bare', 'app'] as const) : (['app', 'bare'] as const);
      for (const c of cases) for (const side of sideOrder) runs[c.name]![side].push(await load(side, c, SECONDS));
    }

    const figures: Record<string, unknown> = {};
    let ratiosMet = true;
    let bareSaturated = true;
    let p99Met = true;
    for (const c of cases) {
      const { app: appRuns, bare: bareRuns } = runs[c.name]!;
      const errors = [...appRuns, ...bareRuns].reduce((n, r) => n + r.errors, 0);
      if (errors > 0) throw new Error(`${c.name}: ${errors} failed requests`);
      // The ratio per round cancels most of the machine's drift; the median round is reported.
      const ratio = round(median(appRuns.map((r, i) => r.requestsPerSecond / bareRuns[i]!.requestsPerSecond)));
      const saturated = median(bareRuns.map((r) => r.serverCores)) >= SATURATED_CORES;
      const appP99 = median(appRuns.map((r) => r.p99Ms));
      ratiosMet &&= ratio >= 1 / 3;
      bareSaturated &&= saturated;
      if (c.connections === 16) p99Met &&= appP99 < 20;
      figures[c.name] = { app: summary(appRuns), bare: summary(bareRuns), ratio, bareSaturated: saturated };
    }
    return {
      secondsPerRun: SECONDS,
      rounds: ROUNDS,
      bodyBytes: body.length,
      loadAverage: os.loadavg().map((n) => round(n)),
      ...figures,
      goals: { ratioAtLeast: 0.33, bareSaturatedAtCores: SATURATED_CORES, p99At16BelowMs: 20 },
      meetsGoals: ratiosMet && bareSaturated && p99Met,
    };
  } finally {
    for (const child of children) await stopChild(child);
    fs.rmSync(tmp, { recursive: true, force: true });
    await bench.drop();
  }
}

function summary(runs: WrkResult[]) {
  return {
    rps: median(runs.map((r) => r.requestsPerSecond)),
    p50Ms: median(runs.map((r) => r.p50Ms)),
    p99Ms: median(runs.map((r) => r.p99Ms)),
    serverCores: median(runs.map((r) => r.serverCores)),
    wrkCores: median(runs.map((r) => r.wrkCores)),
    perRound: runs.map((r) => `${r.requestsPerSecond}/s p99 ${r.p99Ms}ms ${r.serverCores} cores`).join(', '),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function start(command: string, args: string[], env: Record<string, string>, readyUrl: string): Promise<ChildProcess> {
  const child = spawn(command, args, { env: { ...process.env, ...env, NEXT_TELEMETRY_DISABLED: '1' }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${args[0]} exited: ${stderr}`);
    try {
      if ((await fetch(readyUrl)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`${args[0]} did not come up: ${stderr}`);
}
