/**
 * The routers bake-off's fixture (§routers, §bakeoff, issue #49): tasks over the routers test
 * catalog (test/routers-tracker.ts: the tracker folded into two routers, a notes singleton), the
 * presentations as favindex's preview builds them for the raw client, and the figures of a run
 * worked out by hand from what the scripted model did, call by call: not by the bake-off's code.
 */
import { type Presentation, presentationOf } from '@/cli/bakeoff/presentation';
import { CELL_HEADER } from '@/cli/bakeoff/run-cell';
import type { BakeoffTask } from '@/lib/bakeoff/task-schema';
import { previewQuerySchema } from '@/lib/schemas/preview-query';
import { defaultSurfaceConfig, type SurfaceMode } from '@/lib/schemas/surface-config';
import { prepareCatalog } from '@/lib/surface/prepared-catalog';
import { buildPreviewResponse } from '@/lib/surface/preview-response';
import { ROUTERS, ROUTERS_SERVERS } from './routers-tracker';
import type { ChatRequest, FunctionTool, RecordedRequest } from './scripted-model';

/** Two tasks a router serves, with room for three tries after a wrong op, and one a singleton serves. */
export const ROUTERS_TASKS: BakeoffTask[] = [
  {
    id: 'label',
    prompt: 'Create a label in the tracker with repo=acme/web',
    target: 'tracker/create_label',
    arguments: { equals: { repo: 'acme/web' } },
    maxTurns: 4,
  },
  {
    id: 'milestone',
    prompt: 'Get the milestone number=3 of the tracker repo=acme/web',
    target: 'tracker/get_milestone',
    arguments: { required: ['repo', 'number'] },
    maxTurns: 4,
  },
  { id: 'notes', prompt: 'Search the notes by words query=release', target: 'notes/search_notes', arguments: { equals: { query: 'release' } } },
];

const catalog = prepareCatalog(ROUTERS_SERVERS);

/** The preview of every mode of the routers catalog, no favourites, the project's routers ROUTERS. */
export function routersPreview() {
  return buildPreviewResponse(
    {
      project: 'routers-bakeoff',
      surface: { ...defaultSurfaceConfig(), agentTools: 0 },
      favourites: { enabled: true, maxFavourites: 15, tools: [] },
      routers: ROUTERS,
      catalog,
      recorded: null,
      proxies: null,
      policy: { identity: { token: null, client: null }, hidden: [] },
    },
    previewQuerySchema.parse({ mode: 'all', detail: 'full' }),
  );
}

/** A mode's presentation of routersPreview, the envelope on or off. */
export function routersPresentationOf(mode: SurfaceMode, id: string, envelope = true): Presentation {
  return presentationOf(id, mode, routersPreview(), { routers: ROUTERS, envelope });
}

/** What a presentation's run came to, by hand. */
export interface FiguresByHand {
  runs: number;
  /** Router calls whose op is not in the router's op enum the model was shown. */
  wrongOps: number;
  /** Per run with a wrong op and a right op after it: the turns from the first to the second. */
  recoveries: number[];
  /** Runs with a wrong op and no right op after it. */
  neverRecovered: number;
  /** Runs whose first call names the target: its own name, or a router and the op ROUTERS gives it. */
  rightFirst: number;
  /** Wrong ops whose answer the model read (the run went on) with a suggested_action, and without. */
  suggested: number;
  unsuggested: number;
}

function routerOps(tools: FunctionTool[], name: string): string[] | null {
  const tool = tools.find((t) => t.function.name === name);
  const op = (tool?.function.parameters?.properties as Record<string, { enum?: string[] }> | undefined)?.op;
  return op?.enum?.includes('list_ops') ? op.enum : null;
}

/**
 * Whether a call reaches the target: a router's op by ROUTERS; a tool of its own by the names the
 * raw client shows it under, `server__tool` in eager mode, `all_server_tool` in routers mode.
 */
function reachesTarget(name: string, args: { op?: unknown }, ops: string[] | null, target: string): boolean {
  if (ops) return ROUTERS.routers.find((r) => r.name === name)?.ops.find((o) => o.op === args.op)?.tool === target;
  const [server, tool] = target.split('/');
  return name === `${server}__${tool}` || name === `all_${server}_${tool}`;
}

/**
 * One presentation's figures from the model's own record of the run: each cell's requests in
 * order (a request is a model turn), the call it chose, the tools it was shown, and the answer
 * the next request carries back for that call.
 */
export function figuresByHand(requests: readonly RecordedRequest[], presentation: string, tasks: readonly BakeoffTask[]): FiguresByHand {
  const cells = new Map<string, RecordedRequest[]>();
  for (const r of requests) {
    const cell = r.headers[CELL_HEADER] ?? '';
    if (cell.split('/')[1] !== presentation || r.status !== 200) continue;
    cells.set(cell, [...(cells.get(cell) ?? []), r]);
  }
  const figures: FiguresByHand = { runs: cells.size, wrongOps: 0, recoveries: [], neverRecovered: 0, rightFirst: 0, suggested: 0, unsuggested: 0 };
  for (const [cell, turns] of cells) {
    const target = tasks.find((t) => t.id === cell.split('/')[0])?.target ?? '';
    let firstWrong: number | null = null;
    let recoveredAt: number | null = null;
    turns.forEach((request, turn) => {
      const decision = request.decision;
      if (decision?.kind !== 'call') return;
      const body = request.body as ChatRequest;
      const args = JSON.parse(decision.arguments) as { op?: unknown };
      const ops = routerOps(body.tools ?? [], decision.name);
      if (turn === 0 && reachesTarget(decision.name, args, ops, target)) figures.rightFirst++;
      if (!ops) return;
      if (typeof args.op !== 'string' || !ops.includes(args.op)) {
        figures.wrongOps++;
        firstWrong ??= turn;
        // The next turn's request carries this call's answer back (none after the run's last turn).
        const next = turns[turn + 1]?.body as ChatRequest | undefined;
        const answer = next?.messages.at(-1)?.content;
        if (answer?.includes('suggested_action')) figures.suggested++;
        else if (answer !== undefined) figures.unsuggested++;
      } else if (args.op !== 'list_ops' && firstWrong !== null && recoveredAt === null) recoveredAt = turn;
    });
    if (firstWrong !== null && recoveredAt !== null) figures.recoveries.push(recoveredAt - firstWrong);
    else if (firstWrong !== null) figures.neverRecovered++;
  }
  return figures;
}
