/**
 * Preview of all modes for a 2,000-tool catalog through an MCP client (Claude Code: every
 * name composed, checked and counted again), docs/benchmarks.md; goal: under 250 ms warm. Baseline,
 * same run: reading that catalog from the database alone, which every preview must do.
 * Reported: cold and warm times, in process and through the route handler, with the client and
 * without (raw), and Codex over slash names (every name rewritten).
 * Then a 10,000-tool catalog (goal: every client and naming under 250 ms warm): the first
 * preview, a second client and a second target after it (what they reuse: the catalog, not read
 * again while its fingerprints hold, and each tool's encoded description and schema), and every
 * client × naming warm, each run followed by the same-run baseline, reading that catalog.
 * Bodies are read as bytes, as a server writes them.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { emptyRoutersConfig } from '@/lib/schemas/routers';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import type { Db } from '@/db/client';
import { closeAppContext, createAppContext, installAppContext } from '@/server/context';
import { getCatalog } from '@/server/catalog/catalog';
import { putServerCatalog } from '@/server/catalog/put-catalog';
import { writeFavourites } from '@/server/favourites/favourites';
import { createProject } from '@/server/projects/projects';
import { defaultSurfaceConfig } from '@/lib/schemas/surface-config';
import { prepareCatalog } from '@/lib/surface/prepared-catalog';
import { CLIENT_IDS, CLIENTS } from '@/lib/surface/clients';
import { NAMING_SCHEMES } from '@/lib/schemas/surface-config';
import { previewModes } from '@/lib/surface/preview';
import { explicitSession } from '@/lib/surface/session';
import { resolveTarget } from '@/lib/surface/targets';
import { createBenchDatabase, largeCatalog, percentile, round } from './surface-support';

const SERVERS = 20;
const PER_SERVER = 100;
const RUNS = 20;
const LARGE = { servers: 100, perServer: 100 };
const LARGE_RUNS = 5;
// FAVINDEX_BENCH_PREVIEW_PROF=<folder>: a CPU profile of the 10,000-tool previews after the first
// (the second client and target, every client × naming) is written there (the bench runs in process).
const PROFILE = process.env.FAVINDEX_BENCH_PREVIEW_PROF;

/** Profiles what `work` does when PROFILE is set, into PROFILE/<name>-<time>.cpuprofile. */
async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (!PROFILE) return work();
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
    const result = await work();
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(PROFILE, { recursive: true });
    writeFileSync(path.join(PROFILE, `${name}-${Date.now()}.cpuprofile`), JSON.stringify(profile));
    return result;
  } finally {
    session.disconnect();
  }
}

export async function run(): Promise<Record<string, unknown>> {
  const bench = await createBenchDatabase('preview');
  try {
    const { db } = bench.database;
    installAppContext(createAppContext(bench.database));
    const projectId = 'bench-preview';
    const catalog = largeCatalog(SERVERS, PER_SERVER);
    await createProject(db, { id: projectId, description: '', metaTools: [], retentionDays: null, surface: { ...defaultSurfaceConfig(), agentTools: 56 } });
    for (const s of catalog) await putServerCatalog(db, projectId, s.server, s.tools, 'bench');
    const canonicals = catalog.flatMap((s) => s.tools.map((t) => `${s.server}/${t.name}`));
    const favourites = canonicals.filter((_, i) => i % 131 === 0).slice(0, 15);
    await writeFavourites(db, projectId, { enabled: true, maxFavourites: 15, tools: favourites }, { via: 'api' });

    const activated = canonicals.filter((_, i) => i % 97 === 0).slice(0, 20);
    const query = `query=${encodeURIComponent('create a pull request for a branch')}`;
    const base = `http://127.0.0.1/api/projects/${projectId}/preview?agentTools=56&activated=${activated.join(',')}&${query}`;
    const url = `${base}&client=claude-code`;
    const { GET } = await import('@/app/api/projects/[id]/preview/route');
    const callUrl = async (target: string, id = projectId) => {
      const res = await GET(new Request(target), { params: Promise.resolve({ id }) });
      if (res.status !== 200) throw new Error(`preview answered ${res.status}: ${await res.text()}`);
      return readBody(res);
    };
    const variants = { client: url, raw: base, codexSlash: `${base}&client=codex&naming=slash` };

    // Cold: the first preview pays for typed names, token counts and the search index.
    let t0 = performance.now();
    const body = await callUrl(url);
    const coldRouteMs = round(performance.now() - t0);
    const preview = JSON.parse(body.toString()) as { modes: { mode: string; count: number; tokens: { tokens: number } }[] };
    for (const target of Object.values(variants)) await callUrl(target);

    // Interleaved, so a busy machine slows every variant and the baseline alike.
    const times = { client: [] as number[], raw: [] as number[], codexSlash: [] as number[], catalog: [] as number[] };
    for (let i = 0; i < RUNS; i++) {
      for (const [name, target] of Object.entries(variants) as [keyof typeof variants, string][]) {
        t0 = performance.now();
        await callUrl(target);
        times[name].push(performance.now() - t0);
      }
      t0 = performance.now();
      await getCatalog(db, projectId);
      times.catalog.push(performance.now() - t0);
    }
    for (const list of Object.values(times)) list.sort((a, b) => a - b);
    const routeMs = times.client;
    const catalogMs = times.catalog;

    // In process, no database: the modes, the target checks and the token estimates alone.
    const servers = (await getCatalog(db, projectId)).map((s) => ({ name: s.name, tools: s.tools }));
    const inputs = {
      agentTools: 56,
      limits: defaultSurfaceConfig().limits,
      favourites: { enabled: true, maxFavourites: 15, tools: favourites },
      instruction: defaultSurfaceConfig().instruction,
      naming: 'safe' as const,
      serverKey: 'favindex',
      alwaysLoadFavourites: true,
      routers: emptyRoutersConfig(),
      session: explicitSession(activated),
      query: 'create a pull request for a branch',
    };
    const fresh = prepareCatalog(servers);
    const client = { profile: CLIENTS['claude-code'], serverKey: 'favindex' };
    t0 = performance.now();
    previewModes('all', fresh, inputs, resolveTarget('openai'), 'full', client);
    const coldLibMs = round(performance.now() - t0);
    const libMs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      t0 = performance.now();
      previewModes('all', fresh, inputs, resolveTarget('openai'), 'full', client);
      libMs.push(performance.now() - t0);
    }

    libMs.sort((a, b) => a - b);
    const rawRouteP50 = percentile(times.raw, 0.5);
    const codexSlashRouteP50 = percentile(times.codexSlash, 0.5);
    const warmRouteP50 = percentile(routeMs, 0.5);
    const catalogP50 = percentile(catalogMs, 0.5);
    return {
      catalogTools: SERVERS * PER_SERVER,
      client: 'claude-code',
      modes: preview.modes.map((m) => `${m.mode}:${m.count}`).join(' '),
      eagerTokens: preview.modes.find((m) => m.mode === 'eager')?.tokens.tokens,
      responseBytes: body.length,
      coldRouteMs,
      warmRouteP50Ms: warmRouteP50,
      warmRouteMaxMs: percentile(routeMs, 1),
      warmRouteRawP50Ms: round(rawRouteP50),
      warmRouteCodexSlashP50Ms: round(codexSlashRouteP50),
      ratioClientToRaw: round(warmRouteP50 / rawRouteP50),
      coldLibMs,
      warmLibP50Ms: percentile(libMs, 0.5),
      baselineCatalogReadP50Ms: catalogP50,
      ratioWarmRouteToCatalogRead: round(warmRouteP50 / catalogP50),
      goalMs: 250,
      meetsGoal: warmRouteP50 < 250,
      large: await largeCatalogPreview(db, callUrl),
      load: loadavg(),
    };
  } finally {
    await closeAppContext().catch(() => {});
    await bench.drop();
  }
}

/** A body read as a server writes it out, chunk by chunk: joined only when the bench parses it. */
interface Body {
  length: number;
  toString(): string;
}

async function readBody(res: Response): Promise<Body> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader = res.body!.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    chunks.push(read.value);
    length += read.value.length;
  }
  return { length, toString: () => Buffer.concat(chunks).toString() };
}

const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** The 10,000-tool figures: first preview, a second client and target after it, every client × naming warm against the catalog read. */
async function largeCatalogPreview(db: Db, callUrl: (target: string, id: string) => Promise<Body>): Promise<Record<string, unknown>> {
  const projectId = 'bench-preview-large';
  const catalog = largeCatalog(LARGE.servers, LARGE.perServer);
  await createProject(db, { id: projectId, description: '', metaTools: [], retentionDays: null, surface: { ...defaultSurfaceConfig(), agentTools: 56 } });
  for (const s of catalog) await putServerCatalog(db, projectId, s.server, s.tools, 'bench');
  const canonicals = catalog.flatMap((s) => s.tools.map((t) => `${s.server}/${t.name}`));
  await writeFavourites(db, projectId, { enabled: true, maxFavourites: 15, tools: canonicals.filter((_, i) => i % 613 === 0).slice(0, 15) }, { via: 'api' });
  const activated = canonicals.filter((_, i) => i % 487 === 0).slice(0, 20);
  const base = `http://127.0.0.1/api/projects/${projectId}/preview?agentTools=56&activated=${activated.join(',')}&query=${encodeURIComponent('create a pull request for a branch')}`;
  const timed = async (target: string) => {
    const t0 = performance.now();
    const body = await callUrl(target, projectId);
    return { ms: performance.now() - t0, bytes: body.length, body };
  };
  const first = await timed(`${base}&client=claude-code`);
  const catalogMs: number[] = [];
  const warm: Record<string, number> = {};
  const cold: Record<string, number> = {};
  const { secondClient, secondTarget } = await profiled('preview-large', async () => {
    const secondClient = await timed(`${base}&client=codex`);
    const secondTarget = await timed(`${base}&client=claude-code&target=openai`);
    for (const client of CLIENT_IDS) {
      for (const naming of NAMING_SCHEMES) {
        const target = `${base}&client=${client}&naming=${naming}`;
        cold[`${client}/${naming}`] = round((await timed(target)).ms);
        const times: number[] = [];
        for (let i = 0; i < LARGE_RUNS; i++) {
          times.push((await timed(target)).ms);
          const t0 = performance.now();
          await getCatalog(db, projectId);
          catalogMs.push(performance.now() - t0);
        }
        times.sort((a, b) => a - b);
        warm[`${client}/${naming}`] = percentile(times, 0.5);
      }
    }
    return { secondClient, secondTarget };
  });
  catalogMs.sort((a, b) => a - b);
  const worst = Math.max(...Object.values(warm));
  const answer = JSON.parse(first.body.toString()) as { catalog: { tools: number }; modes: { mode: string; count: number }[] };
  return {
    catalogTools: answer.catalog.tools,
    modes: answer.modes.map((m) => `${m.mode}:${m.count}`).join(' '),
    responseBytes: first.bytes,
    firstColdMs: round(first.ms),
    secondClientColdMs: round(secondClient.ms),
    secondTargetColdMs: round(secondTarget.ms),
    baselineCatalogReadP50Ms: percentile(catalogMs, 0.5),
    warmP50MsByClientNaming: warm,
    firstMsByClientNaming: cold,
    worstWarmP50Ms: worst,
    ratioWorstWarmToCatalogRead: round(worst / percentile(catalogMs, 0.5)),
    goalMs: 250,
    meetsGoal: worst <= 250,
  };
}
