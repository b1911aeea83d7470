import type { PreviewResponse, PreviewTool } from '@/lib/contracts/preview';
import { INVOKE_TOOL } from '@/lib/names/invoke';
import { FIND_TOOLS } from '@/lib/names/meta';
import { emptyRoutersConfig, LIST_OPS, type RoutersConfig } from '@/lib/schemas/routers';
import type { SurfaceMode } from '@/lib/schemas/surface-config';
import { type PreparedCatalog, prepareCatalog } from '@/lib/surface/prepared-catalog';
import { listedOps } from '@/lib/surface/routers-mode';
import type { ListedOp, SurfaceServer } from '@/lib/surface/types';
import type { OfferedTool } from './endpoint';

/** What a name in the list is, for the runner to answer a call of it. */
export type ListedAs =
  | { kind: 'server'; canonical: string }
  | { kind: 'invoke' }
  | { kind: 'find' }
  | { kind: 'meta' }
  | { kind: 'agent' }
  /** A router of the routers mode (§routers): its name as the proxy presents it, and its ops. */
  | { kind: 'router'; name: string; ops: readonly ListedOp[] };

/**
 * One presentation as a model meets it: the tools it is shown up front (the preview's list for
 * that mode, client and naming, those at `full` visibility), what each name is, and every
 * catalog tool under the name this presentation gives it (for a search's results and the
 * invoke tool). Tools a client defers (`name`, `hidden`) are left out and counted: the bake-off
 * does not play the client's own tool search.
 */
export interface Presentation {
  id: string;
  mode: SurfaceMode;
  offered: OfferedTool[];
  listedAs: ReadonlyMap<string, ListedAs>;
  /** Every catalog tool by canonical name, named as this client and naming name it. */
  catalog: ReadonlyMap<string, OfferedTool>;
  /** The catalog's servers: a call through the invoke tool naming another invents one. */
  servers: ReadonlySet<string>;
  /** The catalog for a search's ranking. */
  searchable: PreparedCatalog;
  leftOut: { deferred: number; hidden: number; placeholders: number };
  /** A wrong op's answer carries suggested_action, as the proxy's does; false for a presentation with `envelope=off`. */
  envelope: boolean;
}

export interface PresentationOptions {
  /** The project's routers (GET …/routers): what a router the preview lists calls, op by op. */
  routers?: RoutersConfig;
  envelope?: boolean;
}

/** The preview lists a router the stored routers do not have as listed: the two were read at different versions. */
export class RoutersChangedError extends Error {}

function offeredOf(tool: PreviewTool): OfferedTool {
  return { name: tool.name, description: tool.description ?? '', inputSchema: tool.inputSchema ?? { type: 'object' } };
}

/**
 * A router's ops from the stored routers, as the routers mode lists them (the ops whose tool the
 * catalog has), checked against the op enum the preview shows the model.
 */
function routerOf(tool: PreviewTool, routers: RoutersConfig, catalog: ReadonlyMap<string, OfferedTool>): ListedAs {
  const name = tool.presented ?? tool.name;
  const stored = routers.routers.find((r) => r.name === name);
  const ops = stored ? listedOps(stored, (canonical) => catalog.has(canonical)) : [];
  const properties = tool.inputSchema?.properties as { op?: { enum?: unknown } } | undefined;
  const shown = JSON.stringify(properties?.op?.enum ?? null);
  if (!stored || shown !== JSON.stringify([...ops.map((o) => o.op), LIST_OPS]))
    throw new RoutersChangedError(
      `the preview lists router ${name} with ops the project's routers do not give it: the routers changed while the bake-off read them; run it again`,
    );
  return { kind: 'router', name, ops };
}

function listedAsOf(tool: PreviewTool, routers: RoutersConfig, catalog: ReadonlyMap<string, OfferedTool>): ListedAs {
  const presented = tool.presented ?? tool.name;
  if (tool.canonical) return { kind: 'server', canonical: tool.canonical };
  if (tool.source === 'router') return routerOf(tool, routers, catalog);
  if (tool.source === 'meta') return presented === INVOKE_TOOL ? { kind: 'invoke' } : presented === FIND_TOOLS ? { kind: 'find' } : { kind: 'meta' };
  return { kind: 'agent' };
}

/** The presentation `mode` of a preview asked for with `detail=full` (and `mode=all`: the eager list names the catalog). */
export function presentationOf(id: string, mode: SurfaceMode, preview: PreviewResponse, options: PresentationOptions = {}): Presentation {
  const list = preview.modes.find((m) => m.mode === mode);
  if (!list) throw new Error(`the preview has no ${mode} list`);
  const eager = preview.modes.find((m) => m.mode === 'eager');
  if (!eager) throw new Error('the preview has no eager list, which names every catalog tool: ask for mode=all');
  const catalog = new Map<string, OfferedTool>();
  const servers = new Map<string, SurfaceServer & { tools: SurfaceServer['tools'][number][] }>();
  for (const tool of eager.tools) {
    if (!tool.canonical) continue;
    catalog.set(tool.canonical, offeredOf(tool));
    const slash = tool.canonical.indexOf('/');
    const server = tool.canonical.slice(0, slash);
    const entry = servers.get(server) ?? { name: server, tools: [] };
    entry.tools.push({ name: tool.canonical.slice(slash + 1), description: tool.description ?? '', inputSchema: tool.inputSchema ?? { type: 'object' } });
    servers.set(server, entry);
  }
  const routers = options.routers ?? emptyRoutersConfig();
  const leftOut = { deferred: 0, hidden: 0, placeholders: 0 };
  const offered: OfferedTool[] = [];
  const listedAs = new Map<string, ListedAs>();
  for (const tool of list.tools) {
    if (tool.placeholder) leftOut.placeholders++;
    else if (tool.visibility === 'name') leftOut.deferred++;
    else if (tool.visibility === 'hidden') leftOut.hidden++;
    else if (tool.visibility === 'full') {
      offered.push(offeredOf(tool));
      listedAs.set(tool.name, listedAsOf(tool, routers, catalog));
    }
  }
  return {
    id,
    mode,
    offered,
    listedAs,
    catalog,
    servers: new Set(servers.keys()),
    searchable: prepareCatalog([...servers.values()]),
    leftOut,
    envelope: options.envelope ?? true,
  };
}
