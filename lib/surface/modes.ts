import type { SurfaceMode } from '@/lib/schemas/surface-config';
import { agentEntries, INVOKE_ENTRY, searchEntries } from './fixed-tools';
import { deferredList } from './deferred';
import type { CatalogEntry, PreparedCatalog } from './prepared-catalog';
import { presentFavindex } from './presentation';
import { retrieveList } from './retrieve';
import { routersList } from './routers-mode';
import { MODE_READS, type ModeReads } from './mode-reads';
import type { LeftOutTool, ListedTool, ModeInputs, ModeList } from './types';

/** How each mode makes its list (§surface), from what it reads alone. */
const MODE_LISTS: { [M in SurfaceMode]: (catalog: PreparedCatalog, inputs: ModeReads<M>) => ModeList } = {
  off: (_catalog, inputs) => offList(inputs),
  eager: eagerList,
  lazy: lazyList,
  pinned: pinnedList,
  favindex: favindexList,
  deferred: deferredList,
  retrieve: retrieveList,
  routers: routersList,
};

/** The inputs `mode` reads, and nothing else: what its list is made from, and what a preview of it is kept by. */
export function modeReads<M extends SurfaceMode>(mode: M, inputs: ModeInputs): ModeReads<M> {
  const reads: Partial<ModeInputs> = {};
  for (const key of MODE_READS[mode]) copyInput(reads, inputs, key);
  // Sound: the loop above copied every key MODE_READS[mode] names.
  return reads as ModeReads<M>;
}

function copyInput<K extends keyof ModeInputs>(to: Partial<ModeInputs>, from: ModeInputs, key: K): void {
  if (from[key] !== undefined) to[key] = from[key];
}

/** The ordered list a model receives in one mode (§surface). */
export function buildModeList<M extends SurfaceMode>(mode: M, catalog: PreparedCatalog, inputs: ModeInputs): ModeList {
  return MODE_LISTS[mode](catalog, modeReads(mode, inputs));
}

export function typedEntry(entry: CatalogEntry): ListedTool {
  return { name: entry.typedName, canonical: entry.canonical, source: 'typed', body: entry.tool };
}

function offList(inputs: ModeReads<'off'>): ModeList {
  return { mode: 'off', tools: [...agentEntries(inputs.agentTools), INVOKE_ENTRY], leftOut: [], instruction: null, notes: [] };
}

function eagerList(catalog: PreparedCatalog, inputs: ModeReads<'eager'>): ModeList {
  const tools = agentEntries(inputs.agentTools).slice();
  for (const entry of catalog.entries) if (entry.presentable) tools.push(typedEntry(entry));
  return { mode: 'eager', tools, leftOut: [...catalog.typedLeftOut], instruction: null, notes: [] };
}

/** Agent tools, `mcp_find_tools`, and the most recent activations within the budget. */
function lazyParts(catalog: PreparedCatalog, inputs: ModeReads<'lazy'>) {
  const budget = inputs.limits.maxActivatedToolsPerSession;
  const tools = [...agentEntries(inputs.agentTools), ...searchEntries(inputs)];
  const leftOut: LeftOutTool[] = [];
  const notes: string[] = [];
  const presentable: CatalogEntry[] = [];
  for (const name of inputs.session.activated) {
    const entry = catalog.byCanonical.get(name);
    if (!entry) leftOut.push(notInCatalog(name, 'activated'));
    // biome-ignore lint/style/noNonNullAssertion: the catalog lists every entry that is not presentable in leftOutByCanonical.
    else if (!entry.presentable) leftOut.push(catalog.leftOutByCanonical.get(name)!);
    else presentable.push(entry);
  }
  // Most recent last: when over the budget, the oldest activations drop out.
  const kept = budget === 0 ? [] : presentable.slice(-budget);
  const dropped = presentable.length - kept.length;
  if (dropped > 0) notes.push(`${dropped} older activation(s) dropped: at most ${budget} activated tools per session`);
  for (const entry of kept) tools.push(typedEntry(entry));
  return { tools, leftOut, notes, activatedCount: kept.length, budget };
}

function lazyList(catalog: PreparedCatalog, inputs: ModeReads<'lazy'>): ModeList {
  const { tools, leftOut, notes } = lazyParts(catalog, inputs);
  return { mode: 'lazy', tools, leftOut, instruction: null, notes };
}

/**
 * Lazy, plus the typed tools of the most recently called servers. They share what the
 * activations left of the budget, and join only while the list stays within
 * `maxToolsPerRequest`.
 */
function pinnedList(catalog: PreparedCatalog, inputs: ModeReads<'pinned'>): ModeList {
  const { tools, leftOut, notes, activatedCount, budget } = lazyParts(catalog, inputs);
  const { maxPinnedServers, maxToolsPerRequest } = inputs.limits;
  const present = new Set(tools.map((t) => t.canonical).filter(Boolean));
  let remaining = budget - activatedCount;
  let stoppedBy: 'budget' | 'request' | null = null;
  const servers = inputs.session.calledServers.slice(0, maxPinnedServers);
  outer: for (const server of servers) {
    const entries = catalog.typedByServer.get(server);
    if (!entries) {
      notes.push(`called server '${server}' is not in the catalog`);
      continue;
    }
    for (const entry of entries) {
      if (present.has(entry.canonical)) continue;
      if (remaining <= 0) {
        stoppedBy = 'budget';
        break outer;
      }
      if (tools.length + 1 > maxToolsPerRequest) {
        stoppedBy = 'request';
        break outer;
      }
      tools.push(typedEntry(entry));
      present.add(entry.canonical);
      remaining--;
    }
  }
  if (stoppedBy === 'budget') notes.push(`pinned servers' tools stopped at the ${budget}-tool session budget`);
  if (stoppedBy === 'request') notes.push(`pinned servers' tools stopped at maxToolsPerRequest ${maxToolsPerRequest}`);
  if (inputs.session.calledServers.length > maxPinnedServers) {
    notes.push(`only the ${maxPinnedServers} most recently called servers are pinned`);
  }
  return { mode: 'pinned', tools, leftOut, instruction: null, notes };
}

/**
 * Agent tools, the favourites in pinned order (at most maxFavourites), then every catalog tool,
 * named by the project's scheme (§names), with the instruction.
 */
function favindexList(catalog: PreparedCatalog, inputs: ModeReads<'favindex'>): ModeList {
  const tools = agentEntries(inputs.agentTools).slice();
  const presented = presentFavindex(catalog, inputs.favourites, { naming: inputs.naming, serverKey: inputs.serverKey });
  for (const t of presented.tools) {
    const tool: ListedTool = { name: t.name, canonical: t.canonical, source: t.source, body: t.entry.tool };
    if (t.source === 'favourite' && inputs.alwaysLoadFavourites) tool.alwaysLoad = true;
    tools.push(tool);
  }
  return { mode: 'favindex', tools, leftOut: presented.leftOut, instruction: inputs.instruction, notes: presented.notes };
}

function notInCatalog(name: string, what: 'activated'): LeftOutTool {
  return {
    canonical: name,
    name,
    reason: 'not-in-catalog',
    message: `${what} tool '${name}' is not in the catalog (not synced yet, or removed)`,
  };
}
