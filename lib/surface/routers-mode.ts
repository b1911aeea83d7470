import { LIST_OPS, type Router } from '@/lib/schemas/routers';
import { agentEntries } from './fixed-tools';
import type { ModeReads } from './mode-reads';
import type { PreparedCatalog } from './prepared-catalog';
import { presentFavindex } from './presentation';
import type { LeftOutTool, ListedOp, ListedTool, ModeList, ToolBody } from './types';

/**
 * The routers mode (§routers): agent tools, the favourites under their favourite names (as the
 * favourites first mode lists them, with its instruction), then one tool per router, then each
 * singleton, then every catalog tool that is in no router and no singleton, listed as a singleton
 * is. Besides its favourite name, every catalog tool is reachable through exactly one op of one
 * router or one tool of its own: a router that cannot be listed (its name is taken, or none of
 * its tools is in the catalog) places none of its tools, and they are listed on their own.
 * Singletons are named as the favourites first mode names its `all` tools, so switching between
 * the two modes renames none of them.
 */
export function routersList(catalog: PreparedCatalog, inputs: ModeReads<'routers'>): ModeList {
  const tools = agentEntries(inputs.agentTools).slice();
  const presented = presentFavindex(catalog, inputs.favourites, { naming: inputs.naming, serverKey: inputs.serverKey });
  const leftOut: LeftOutTool[] = [...presented.leftOut];
  const notes = [...presented.notes];
  /** Every name a favourite or a catalog tool has in this list's scheme: a router may take none of them. */
  const names = new Map<string, string>();
  const allNameOf = new Map<string, string>();
  for (const t of presented.tools) {
    names.set(t.name, t.canonical);
    if (t.source === 'all') allNameOf.set(t.canonical, t.name);
    else {
      const tool: ListedTool = { name: t.name, canonical: t.canonical, source: 'favourite', body: t.entry.tool };
      if (inputs.alwaysLoadFavourites) tool.alwaysLoad = true;
      tools.push(tool);
    }
  }
  const placed = new Set<string>();
  for (const router of inputs.routers.routers) {
    const ops = listedOps(router, (canonical) => catalog.byCanonical.has(canonical));
    for (const op of router.ops) if (!catalog.byCanonical.has(op.tool)) leftOut.push(opNotInCatalog(router, op.op, op.tool));
    if (ops.length === 0) {
      notes.push(`router '${router.name}' is not listed: none of its ops' tools is in the catalog`);
      continue;
    }
    const holder = names.get(router.name);
    if (holder !== undefined) {
      leftOut.push(nameTaken(router.name, holder));
      continue;
    }
    for (const op of ops) placed.add(op.canonical);
    tools.push({ name: router.name, canonical: null, source: 'router', body: routerBody(router.description, ops), ops });
  }
  const singleton = (canonical: string) => {
    const entry = catalog.byCanonical.get(canonical);
    const name = allNameOf.get(canonical);
    if (!entry || name === undefined || placed.has(canonical)) return;
    placed.add(canonical);
    tools.push({ name, canonical, source: 'singleton', body: entry.tool });
  };
  for (const { tool } of inputs.routers.singletons) {
    if (catalog.byCanonical.has(tool)) singleton(tool);
    else leftOut.push(notInCatalog(tool, `singleton '${tool}' is not in the catalog (not synced yet, or removed)`));
  }
  for (const entry of catalog.entries) singleton(entry.canonical);
  return { mode: 'routers', tools, leftOut, instruction: inputs.instruction, notes };
}

/** A router's ops as the routers mode lists them: those whose tool the catalog has, in the router's order. */
export function listedOps(router: Router, inCatalog: (canonical: string) => boolean): ListedOp[] {
  return router.ops.filter((op) => inCatalog(op.tool)).map((op) => ({ op: op.op, canonical: op.tool, note: op.note }));
}

/**
 * A router as the model receives it: its description with one line per op (and list_ops), and
 * an input schema of a closed `op` and the op's `arguments`, which the proxy checks against the
 * op's own tool.
 */
export function routerBody(description: string, ops: readonly ListedOp[]): ToolBody {
  const lines = ops.map((o) => `${o.op}: ${o.note}`);
  lines.push(`${LIST_OPS}: each op's note and full input schema`);
  return {
    description: `${description}\n${lines.join('\n')}`,
    inputSchema: {
      type: 'object',
      properties: {
        op: { type: 'string', enum: [...ops.map((o) => o.op), LIST_OPS], description: 'What to do: one of the ops listed in the description.' },
        arguments: { type: 'object', description: `The op's arguments, as its input schema says (op ${LIST_OPS} gives every op's schema).` },
      },
      required: ['op'],
    },
  };
}

function notInCatalog(canonical: string, message: string): LeftOutTool {
  return { canonical, name: canonical, reason: 'not-in-catalog', message };
}

function opNotInCatalog(router: Router, op: string, canonical: string): LeftOutTool {
  return notInCatalog(canonical, `op '${op}' of router '${router.name}' calls '${canonical}', which is not in the catalog (not synced yet, or removed)`);
}

function nameTaken(name: string, holder: string): LeftOutTool {
  return {
    canonical: name,
    name,
    reason: 'name-taken',
    message: `router '${name}' is not listed: '${holder}' is presented under that name; its ops' tools are listed on their own`,
    duplicateOf: holder,
  };
}
