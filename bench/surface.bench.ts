/**
 * `GET /api/projects/:id/surface` under load (docs/benchmarks.md), driven by wrk, against a bare
 * node:http server returning the same bytes and headers in the same run. Each run reports the
 * cores the server used, so it shows that the bare server saturated (its rate is its limit, not
 * wrk's). Two shapes:
 * - quiet: requests/s and p99 for 200 and 304 answers at 16 and at 200 keep-alive connections
 *   while nothing is written (PostgreSQL). Goals: at least a third of the bare server's rate in
 *   each of the four cases; p99 under 20 ms at 16 connections.
 * - polls during writes, the shape a fleet produces: 304 polls at 16 and 200 connections while
 *   50 proxies post their traces every half second and report themselves (surface-writes.ts),
 *   on PostgreSQL and on PGlite, the writes going on through the app's and the bare server's
 *   runs alike. wrk connects first and loads 2 s later (wrk.ts): proxies keep their connections,
 *   and Node accepts one connection per event-loop turn, so a busy server takes seconds to accept
 *   200 new ones, which the quiet shape's tail at 200 connections includes. Goals: at least a
 *   fifth of the bare server's rate, and p99 at 200 connections within 3× the bare server's in
 *   the same round.
 *
 * It runs the built server (dist/server.mjs and .next/, from `npm run build`; or the copy of a
 * build at FAVINDEX_BENCH_APP_DIR) in local mode, on a PostgreSQL database of its own and on a
 * PGlite folder of its own. FAVINDEX_BENCH_SURFACE_SECONDS sets each run's length (default 5),
 * FAVINDEX_BENCH_SURFACE_PROXIES the writing proxies (default 50).
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Db, openDatabase } from '@/db/client';
import { DEMO_SERVERS } from '@/lib/demo/catalogs';
import { defaultSurfaceConfig } from '@/lib/schemas/surface-config';
import { putServerCatalog } from '@/server/catalog/put-catalog';
import { writeFavourites } from '@/server/favourites/favourites';
import { createProject } from '@/server/projects/projects';
import { stopChild } from '@/test/child-process';
import { BARE_SERVER, createBenchDatabase, requireBuild, round } from './surface-support';
import { median, replayable, startServer, summary } from './surface-rounds';
import { FleetWrites } from './surface-writes';
import { requireWrk, type WrkResult, wrk } from './wrk';

const APP_PORT = Number(process.env.SURFACE_BENCH_PORT ?? 3324);
const BARE_PORT = APP_PORT + 1;
const SECONDS = Number(process.env.FAVINDEX_BENCH_SURFACE_SECONDS ?? 5);
const PROXIES = Number(process.env.FAVINDEX_BENCH_SURFACE_PROXIES ?? 50);
/** Ten calls a second per proxy, sealed every half second. */
const EVENTS_PER_POST = 5;
const ROUNDS = 3;
const PROJECT = 'bench-surface';
const APP_DIR = path.resolve(process.env.FAVINDEX_BENCH_APP_DIR ?? process.cwd());
/** A server using this much of one core (or more) during a run was the limit of that run. */
const SATURATED_CORES = 0.85;
// FAVINDEX_BENCH_SURFACE_PROF=<folder>: the app server writes a CPU profile there when it stops.
const PROFILE = process.env.FAVINDEX_BENCH_SURFACE_PROF;

interface Case {
  name: string;
  connections: number;
  conditional: boolean;
  /** Connect first, then load (wrk.ts): the tail of answers, not of Node accepting 200 new connections. */
  connectedFirst?: boolean;
}
/** Long enough for a server busy with writes to accept 200 connections, one per event-loop turn. */
const CONNECTED_FIRST_MS = 2_000;
const QUIET_CASES: Case[] = [
  { name: 'c16_200', connections: 16, conditional: false },
  { name: 'c16_304', connections: 16, conditional: true },
  { name: 'c200_200', connections: 200, conditional: false },
  { name: 'c200_304', connections: 200, conditional: true },
];
const WRITE_CASES: Case[] = [
  { name: 'c16_304', connections: 16, conditional: true, connectedFirst: true },
  { name: 'c200_304', connections: 200, conditional: true, connectedFirst: true },
];

interface Side {
  url: string;
  pid: number;
  etag: string;
}
type Sides = { app: Side; bare: Side };

export async function run(): Promise<Record<string, unknown>> {
  requireBuild('surface', APP_DIR);
  requireWrk('surface');
  const pg = await createBenchDatabase('surface');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'favindex-surface-bench-'));
  const tools = DEMO_SERVERS.flatMap((s) => s.tools.map((t) => ({ server: s.server, tool: t.name })));
  const shape = { proxies: PROXIES, eventsPerPost: EVENTS_PER_POST };
  try {
    await seed(pg.database.db);
    await pg.database.close();
    const postgres = await withServers(tmp, { DATABASE_URL: pg.url }, async (sides) => ({
      quiet: await measure(sides, QUIET_CASES),
      writes: await duringWrites(sides, new FleetWrites(`http://127.0.0.1:${APP_PORT}`, PROJECT, tools, shape)),
    }));
    const dataDir = path.join(tmp, 'pglite');
    const embedded = await openDatabase({ dataDir });
    await embedded.migrate();
    await seed(embedded.db);
    await embedded.close();
    const pglite = await withServers(tmp, { FAVINDEX_DATA_DIR: dataDir, DATABASE_URL: '' }, (sides) =>
      duringWrites(sides, new FleetWrites(`http://127.0.0.1:${APP_PORT}`, PROJECT, tools, shape)),
    );
    const quietMet = postgres.quiet.met;
    const writesMet = postgres.writes.met && pglite.met;
    return {
      secondsPerRun: SECONDS,
      rounds: ROUNDS,
      loadAverage: os.loadavg().map((n) => round(n)),
      ...postgres.quiet.figures,
      duringWrites: { proxies: PROXIES, eventsPerPost: EVENTS_PER_POST, postgres: postgres.writes.figures, pglite: pglite.figures },
      goals: {
        quiet: { ratioAtLeast: 0.33, bareSaturatedAtCores: SATURATED_CORES, p99At16BelowMs: 20 },
        duringWrites: { ratioAtLeast: 0.2, p99At200WithinBare: 3 },
      },
      meetsGoals: { quiet: quietMet, duringWrites: writesMet },
    };
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
    await pg.drop();
  }
}

async function seed(db: Db): Promise<void> {
  await createProject(db, { id: PROJECT, description: '', metaTools: [], retentionDays: null, surface: defaultSurfaceConfig() });
  for (const s of DEMO_SERVERS) await putServerCatalog(db, PROJECT, s.server, s.tools, 'bench');
  const pins = ['github/create_issue', 'gitlab/create_issue', 'filesystem/read_file', 'memory/read_graph', 'github/create_pull_request'];
  await writeFavourites(db, PROJECT, { enabled: true, maxFavourites: 15, tools: pins }, { via: 'api' });
}

/** The app on `env` and a bare server answering its bytes, for the length of `work`. */
async function withServers<T>(tmp: string, env: Record<string, string>, work: (sides: Sides) => Promise<T>): Promise<T> {
  const children: ChildProcess[] = [];
  try {
    const appUrl = `http://127.0.0.1:${APP_PORT}/api/projects/${PROJECT}/surface`;
    const app = await startServer(
      process.execPath,
      [...(PROFILE ? ['--cpu-prof', '--cpu-prof-dir', PROFILE] : []), path.join(APP_DIR, 'dist/server.mjs')],
      { PORT: String(APP_PORT), FAVINDEX_ADMIN_PASSWORD: '', FAVINDEX_DB_POOL: '10', ...env },
      `http://127.0.0.1:${APP_PORT}/api/projects`,
      APP_DIR,
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
    const bare = await startServer(
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
    return await work({ app: { url: appUrl, pid: app.pid!, etag }, bare: { url: bareUrl, pid: bare.pid!, etag } });
  } finally {
    for (const child of children) await stopChild(child);
  }
}

/** The write cases while `fleet` writes, through both sides' runs (and their warm-up). */
async function duringWrites(sides: Sides, fleet: FleetWrites) {
  fleet.start();
  const [measured, written] = await measure(sides, WRITE_CASES).then(
    async (m) => [m, await fleet.stop()] as const,
    async (err: unknown) => {
      await fleet.stop();
      throw err;
    },
  );
  if (written.failed > 0) throw new Error(`${written.failed} writes failed while polls ran, the first: ${written.firstFailure}`);
  return { met: measured.met, figures: { ...measured.figures, written } };
}

async function measure(sides: Sides, cases: Case[]) {
  const load = (side: keyof Sides, c: Case, seconds: number) =>
    wrk(sides[side].url, {
      connections: c.connections,
      seconds,
      headers: c.conditional ? { 'if-none-match': sides[side].etag } : {},
      serverPid: sides[side].pid,
      connectedFirstMs: c.connectedFirst ? CONNECTED_FIRST_MS : 0,
    });
  for (const c of cases) for (const side of ['app', 'bare'] as const) await load(side, c, 1);
  const runs: Record<string, { app: WrkResult[]; bare: WrkResult[] }> = {};
  for (const c of cases) runs[c.name] = { app: [], bare: [] };
  for (let pass = 0; pass < ROUNDS; pass++) {
    // App and bare back to back, in turn first, so neither always runs on a warmer or quieter machine.
    const sideOrder = pass % 2 === 0 ? (['bare', 'app'] as const) : (['app', 'bare'] as const);
    for (const c of cases) for (const side of sideOrder) runs[c.name]![side].push(await load(side, c, SECONDS));
  }
  const quiet = cases === QUIET_CASES;
  const figures: Record<string, unknown> = {};
  let met = true;
  for (const c of cases) {
    const { app: appRuns, bare: bareRuns } = runs[c.name]!;
    const errors = [...appRuns, ...bareRuns].reduce((n, r) => n + r.errors, 0);
    if (errors > 0) throw new Error(`${c.name}: ${errors} failed requests`);
    // The ratio per round cancels most of the machine's drift; the median round is reported.
    const ratio = round(median(appRuns.map((r, i) => r.requestsPerSecond / bareRuns[i]!.requestsPerSecond)));
    const p99Ratio = round(median(appRuns.map((r, i) => r.p99Ms / bareRuns[i]!.p99Ms)));
    const saturated = median(bareRuns.map((r) => r.serverCores)) >= SATURATED_CORES;
    const appP99 = median(appRuns.map((r) => r.p99Ms));
    if (quiet) met &&= ratio >= 1 / 3 && saturated && (c.connections !== 16 || appP99 < 20);
    else met &&= ratio >= 0.2 && (c.connections !== 200 || p99Ratio <= 3);
    figures[c.name] = { app: summary(appRuns), bare: summary(bareRuns), ratio, p99Ratio, bareSaturated: saturated };
  }
  return { met, figures };
}
