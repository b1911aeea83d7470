/**
 * What one project's distinct unresolved names cost the others (docs/benchmarks.md, issue 20):
 * `flood` gets FAVINDEX_BENCH_UNRESOLVED_NAMES calls to as many distinct names nothing
 * resolves, `baseline` the same number of calls to one such name, both today and through the
 * real ingest path. Measured in process on PGlite (the default database, where one slow query
 * holds up every other): the usage report of each, and a third project's surface while three
 * usage reports of one of them run at once, and a catalog upload that resolves every project's
 * unresolved calls again. Figures are ratios flood / baseline of the same run.
 */
import { openDatabase } from '@/db/client';
import { DEMO_SERVERS } from '@/lib/demo/catalogs';
import { defaultSurfaceConfig } from '@/lib/schemas/surface-config';
import { usageWindow } from '@/lib/usage/window';
import { putServerCatalog } from '@/server/catalog/put-catalog';
import type { AppContext } from '@/server/app-context';
import { createAppContext } from '@/server/context';
import { ingestBatch } from '@/server/events/ingest';
import { createProject } from '@/server/projects/projects';
import { usageReport } from '@/server/usage/usage';
import { timeRuns } from './bench-app';
import { percentile, round } from './usage-support';

const NAMES = Number(process.env.FAVINDEX_BENCH_UNRESOLVED_NAMES ?? 200_000);
const REPEATS = Number(process.env.FAVINDEX_BENCH_UNRESOLVED_REPEATS ?? 15);
const BATCH = 10_000;

async function newProject(app: AppContext, id: string): Promise<void> {
  await createProject(app.db, { id, description: '', metaTools: [], retentionDays: null, surface: defaultSurfaceConfig() });
  const github = DEMO_SERVERS.find((s) => s.server === 'github');
  if (!github) throw new Error('the demo catalogs have github');
  await putServerCatalog(app.db, id, 'github', github.tools, 'bench');
}

/** `NAMES` calls through the ingest path, to `distinct` different names nothing resolves. */
async function flood(app: AppContext, id: string, distinct: number): Promise<number> {
  const t0 = performance.now();
  const at = new Date(Date.now() - 60_000).toISOString();
  for (let start = 0; start < NAMES; start += BATCH) {
    const lines = [];
    for (let i = start; i < Math.min(NAMES, start + BATCH); i++) {
      lines.push(JSON.stringify({ id: `e${i}`, timestamp: at, tool: `nosuch_${i % distinct}`, sessionId: `s${Math.floor(i / 20)}` }));
    }
    const result = await ingestBatch(app, id, Buffer.from(lines.join('\n')), 'application/x-ndjson');
    if (result.rejected.length > 0) throw new Error(`ingest rejected ${result.rejected.length} events: ${result.rejected[0]?.message}`);
  }
  return round((performance.now() - t0) / 1000, 1);
}

export async function run(): Promise<Record<string, unknown>> {
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  const app = createAppContext(database);
  try {
    for (const id of ['flood', 'baseline', 'other']) await newProject(app, id);
    const ingestSeconds = { flood: await flood(app, 'flood', NAMES), baseline: await flood(app, 'baseline', 1) };
    const window = usageWindow(30, new Date());
    const usage = (id: string) => usageReport(app, id, window, { status: 'all' });
    const surface = () => app.surfaces.surface('other', undefined);
    await usage('flood');
    await usage('baseline');
    await surface();

    // Interleaved, so neither side always meets a quieter machine.
    const times = { flood: [] as number[], baseline: [] as number[] };
    const surfaceTimes = { flood: [] as number[], baseline: [] as number[] };
    for (let i = 0; i < REPEATS; i++) {
      for (const id of ['flood', 'baseline'] as const) {
        times[id].push(...(await timeRuns(1, () => usage(id))));
        // The surface of another project, asked once three usage reports are under way.
        const running = [usage(id), usage(id), usage(id)];
        surfaceTimes[id].push(...(await timeRuns(1, surface)));
        await Promise.all(running);
      }
    }
    for (const list of [...Object.values(times), ...Object.values(surfaceTimes)]) list.sort((a, b) => a - b);
    const report = await usage('flood');
    // A catalog upload resolves every unresolved call again (§names): one name of each project now resolves.
    const catalogUploadMs: Record<string, number> = {};
    for (const id of ['flood', 'baseline']) {
      const [ms] = await timeRuns(1, () => putServerCatalog(app.db, id, 'extra', [{ name: 'nosuch_0', inputSchema: { type: 'object' } }], 'bench'));
      catalogUploadMs[id] = round(ms ?? Number.NaN);
    }
    const figures = {
      database: 'pglite',
      distinctNames: NAMES,
      calls: NAMES,
      repeats: REPEATS,
      ingestSeconds,
      usageP50Ms: { flood: percentile(times.flood, 0.5), baseline: percentile(times.baseline, 0.5) },
      surfaceUnder3UsageP50Ms: { flood: percentile(surfaceTimes.flood, 0.5), baseline: percentile(surfaceTimes.baseline, 0.5) },
      catalogUploadMs,
      floodTotalsUnresolved: report.totals.unresolved,
      floodNamesListed: report.unresolved.length,
    };
    return {
      ...figures,
      usageRatio: round(figures.usageP50Ms.flood / figures.usageP50Ms.baseline, 2),
      surfaceRatio: round(figures.surfaceUnder3UsageP50Ms.flood / figures.surfaceUnder3UsageP50Ms.baseline, 2),
    };
  } finally {
    await database.close();
  }
}
