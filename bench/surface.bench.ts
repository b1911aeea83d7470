/**
 * `GET /api/projects/:id/surface` under load (docs/benchmarks.md): requests/s and p99 for 200 and 304
 * answers at concurrency 16, against a bare node:http server returning the same bytes, in
 * the same run. Goals: at least a third of the bare server's rate, p99 under 20 ms.
 *
 * It runs the built server (dist/server.mjs and .next/, from `npm run build`) on its own
 * PostgreSQL database, in local mode. Run it under the e2e lock so no build replaces them.
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
import { BARE_SERVER, closedLoop, createBenchDatabase, type LoadResult, requireBuild, round } from './surface-support';

const APP_PORT = Number(process.env.SURFACE_BENCH_PORT ?? 3324);
const BARE_PORT = APP_PORT + 1;
const CONCURRENCY = 16;
const SECONDS = 5;
const ROUNDS = 3;
const PROJECT = 'bench-surface';

export async function run(): Promise<Record<string, unknown>> {
  requireBuild('surface');
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
    children.push(
      await start(
        process.execPath,
        ['dist/server.mjs'],
        { PORT: String(APP_PORT), DATABASE_URL: bench.url, FAVINDEX_ADMIN_PASSWORD: '', FAVINDEX_DB_POOL: '10' },
        `http://127.0.0.1:${APP_PORT}/api/projects`,
      ),
    );
    const first = await fetch(appUrl);
    const body = Buffer.from(await first.arrayBuffer());
    if (first.status !== 200) throw new Error(`surface answered ${first.status}: ${body}`);
    const etag = first.headers.get('etag')!;
    const headers: Record<string, string> = {};
    first.headers.forEach((value, name) => {
      if (!['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name)) headers[name] = value;
    });
    const bodyFile = path.join(tmp, 'body.json');
    fs.writeFileSync(bodyFile, body);
    const bareUrl = `http://127.0.0.1:${BARE_PORT}/api/projects/${PROJECT}/surface`;
    children.push(
      await start(process.execPath, ['-e', BARE_SERVER], { PORT: String(BARE_PORT), BODY_FILE: bodyFile, HEADERS: JSON.stringify(headers) }, bareUrl),
    );
    const bare = await fetch(bareUrl);
    if (Buffer.compare(Buffer.from(await bare.arrayBuffer()), body) !== 0) throw new Error('the bare server does not return the same bytes');

    const cases = {
      app200: { url: appUrl, headers: {} },
      bare200: { url: bareUrl, headers: {} },
      app304: { url: appUrl, headers: { 'if-none-match': etag } },
      bare304: { url: bareUrl, headers: { 'if-none-match': etag } },
    };
    for (const c of Object.values(cases)) await closedLoop(c.url, { concurrency: CONCURRENCY, seconds: 1, headers: c.headers });
    const results: Record<keyof typeof cases, LoadResult[]> = { app200: [], bare200: [], app304: [], bare304: [] };
    for (let pass = 0; pass < ROUNDS; pass++) {
      // Alternate app and bare so neither always runs on a warmer or quieter machine.
      const order = pass % 2 === 0 ? (['bare200', 'app200', 'bare304', 'app304'] as const) : (['app304', 'bare304', 'app200', 'bare200'] as const);
      // (each pair stays adjacent in both orders)
      for (const name of order)
        results[name].push(await closedLoop(cases[name].url, { concurrency: CONCURRENCY, seconds: SECONDS, headers: cases[name].headers }));
    }
    const summary = (name: keyof typeof results) => {
      const runs = results[name];
      const bad = runs.reduce(
        (n, r) =>
          n +
          Object.entries(r.statuses)
            .filter(([s]) => s !== name.slice(-3))
            .reduce((m, [, c]) => m + c, 0),
        0,
      );
      if (bad > 0) throw new Error(`${name}: ${bad} answers with an unexpected status`);
      return {
        rps: median(runs.map((r) => r.requestsPerSecond)),
        p50Ms: median(runs.map((r) => r.p50Ms)),
        p99Ms: round(Math.max(...runs.map((r) => r.p99Ms))),
        perRound: runs.map((r) => `${r.requestsPerSecond}/s p99 ${r.p99Ms}ms`).join(', '),
      };
    };
    // App and bare run back to back in each round: their ratio per round cancels most of the
    // machine's drift (other processes share the CPUs); the median of the rounds is reported.
    const ratio = (app: keyof typeof results, bare: keyof typeof results) =>
      // Both lists hold one run per round.
      round(median(results[app].map((r, i) => r.requestsPerSecond / results[bare][i]!.requestsPerSecond)));
    const app200 = summary('app200');
    const app304 = summary('app304');
    const ratio200 = ratio('app200', 'bare200');
    const ratio304 = ratio('app304', 'bare304');
    return {
      concurrency: CONCURRENCY,
      secondsPerRun: SECONDS,
      rounds: ROUNDS,
      bodyBytes: body.length,
      app200,
      bare200: summary('bare200'),
      app304,
      bare304: summary('bare304'),
      ratio200,
      ratio304,
      goals: { ratioAtLeast: 0.33, p99BelowMs: 20 },
      meetsGoals: ratio200 >= 1 / 3 && ratio304 >= 1 / 3 && app200.p99Ms < 20 && app304.p99Ms < 20,
    };
  } finally {
    for (const child of children) await stopChild(child);
    fs.rmSync(tmp, { recursive: true, force: true });
    await bench.drop();
  }
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
