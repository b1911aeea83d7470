import { DEMO_SERVERS } from '@/lib/demo/catalogs';
import { DEFAULT_INSTRUCTIONS, DEFAULT_SERVER_KEY } from '@/lib/schemas/surface-config';
import { DEFAULT_TOOL_BUDGET } from '@/lib/schemas/routers';
import { demoBakeoff } from '@/lib/demo/bakeoff';
import { generateDemo } from '@/lib/demo/generate';
import { isReject, validateEvent, type ValidatedEvent } from '@/lib/events/validate-event';
import { findProject } from '@/db/queries/projects';
import { backdateFavouriteChange } from '@/db/queries/favourites';
import { backdateSurfaceRevision } from '@/db/queries/surface-revisions';
import { putServerCatalog } from '@/server/catalog/put-catalog';
import type { AppContext } from '@/server/app-context';
import { storeBakeoffRun } from '@/server/bakeoffs/runs';
import { ingestEvents } from '@/server/events/ingest';
import { writeFavourites } from '@/server/favourites/favourites';
import { createProject } from '@/server/projects/projects';

/** Create the demo project with a real catalog, 30 days of traces and a bake-off run, unless it exists. */
export async function seedDemo(app: AppContext, opts: { projectId?: string; now?: number; days?: number } = {}): Promise<{ created: boolean; events: number }> {
  const projectId = opts.projectId ?? 'demo';
  const now = opts.now ?? Date.now();
  const days = opts.days ?? 30;
  const { db } = app;
  if (await findProject(db, projectId)) return { created: false, events: 0 };
  await createProject(
    db,
    {
      id: projectId,
      description: 'Demo: five real MCP servers and 30 days of generated traces',
      metaTools: [],
      retentionDays: null,
      surface: {
        mode: 'favindex',
        target: 'openai',
        // Safe names: every client and provider takes them (§names).
        naming: 'safe',
        serverKey: DEFAULT_SERVER_KEY,
        agentTools: 12,
        instruction: DEFAULT_INSTRUCTIONS.safe,
        alwaysLoadFavourites: true,
        argumentChecks: 'observe',
        toolBudget: DEFAULT_TOOL_BUDGET,
        limits: { maxToolsPerRequest: 120, maxActivatedToolsPerSession: 40, maxPinnedServers: 3, retrieveK: 10 },
      },
    },
    'demo',
  );
  for (const server of DEMO_SERVERS) await putServerCatalog(db, projectId, server.server, server.tools, 'demo');

  const demo = generateDemo(DEMO_SERVERS, { now, days });
  const [first, ...later] = demo.favourites;
  if (!first) throw new Error('the demo generator makes at least one favourites version');
  await backdateFavouriteChange(db, projectId, 1, new Date(first.at));
  await backdateSurfaceRevision(db, projectId, 1, new Date(first.at));
  for (const version of later) {
    await writeFavourites(db, projectId, { enabled: true, maxFavourites: 12, tools: version.tools }, { via: 'demo', at: new Date(version.at) });
  }

  let stored = 0;
  for (let i = 0; i < demo.events.length; i += 1000) {
    const batch = demo.events.slice(i, i + 1000).map((e, j) => validateEvent(j, e, now));
    const valid = batch.filter((e): e is ValidatedEvent => !isReject(e));
    if (valid.length !== batch.length) throw new Error('the demo generator produced an invalid event');
    stored += (await ingestEvents(app, projectId, valid)).accepted;
  }
  await storeBakeoffRun(db, projectId, demoBakeoff(DEMO_SERVERS), { kind: 'admin', via: 'local' });
  return { created: true, events: stored };
}
