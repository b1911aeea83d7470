import { canonical } from '@/lib/names/canonical';
import { typedKeeper, typedName } from '@/lib/names/typed';
import type { CatalogTool } from '@/lib/schemas/catalog';
import type { LeftOutTool, SurfaceServer } from './types';

/** Longest typed name a mode may present; longer ones are left out, never truncated (§surface). */
export const MAX_TYPED_NAME_LENGTH = 64;

export interface CatalogEntry {
  server: string;
  tool: CatalogTool;
  canonical: string;
  typedName: string;
  /** False when the typed name is too long or taken by another tool after sanitising. */
  presentable: boolean;
}

/**
 * A catalog with its typed names worked out once: every mode and every request for the same
 * catalog reuses it (and the token counts and search index hung on its tool objects).
 */
export interface PreparedCatalog {
  servers: readonly SurfaceServer[];
  /** Every tool, in catalog order. */
  entries: readonly CatalogEntry[];
  byCanonical: ReadonlyMap<string, CatalogEntry>;
  /** Presentable entries per server, in catalog order. */
  typedByServer: ReadonlyMap<string, readonly CatalogEntry[]>;
  /** Tools whose typed name cannot be presented. */
  typedLeftOut: readonly LeftOutTool[];
  leftOutByCanonical: ReadonlyMap<string, LeftOutTool>;
  toolCount: number;
}

export function prepareCatalog(servers: readonly SurfaceServer[]): PreparedCatalog {
  const entries: CatalogEntry[] = [];
  for (const server of servers) {
    for (const tool of server.tools) {
      entries.push({
        server: server.name,
        tool,
        canonical: canonical(server.name, tool.name),
        typedName: typedName(server.name, tool.name),
        presentable: true,
      });
    }
  }
  const typedLeftOut = markUnpresentable(entries);
  const byCanonical = new Map<string, CatalogEntry>();
  const typedByServer = new Map<string, CatalogEntry[]>();
  for (const server of servers) typedByServer.set(server.name, []);
  for (const entry of entries) {
    byCanonical.set(entry.canonical, entry);
    // biome-ignore lint/style/noNonNullAssertion: every server of the catalog got a list before this loop.
    if (entry.presentable) typedByServer.get(entry.server)!.push(entry);
  }
  return {
    servers,
    entries,
    byCanonical,
    typedByServer,
    typedLeftOut,
    leftOutByCanonical: new Map(typedLeftOut.map((l) => [l.canonical, l])),
    toolCount: entries.length,
  };
}

/**
 * Names over 64 characters, and names that two tools share after sanitising, are left out.
 * Of tools sharing a name, the one whose name needed no sanitising keeps it (the other one
 * "sanitised into" it); failing that, the first in catalog order.
 */
function markUnpresentable(entries: CatalogEntry[]): LeftOutTool[] {
  const leftOut: LeftOutTool[] = [];
  const groups = new Map<string, CatalogEntry[]>();
  for (const entry of entries) {
    if (entry.typedName.length > MAX_TYPED_NAME_LENGTH) {
      entry.presentable = false;
      leftOut.push({
        canonical: entry.canonical,
        name: entry.typedName,
        reason: 'name-too-long',
        message: `typed name is ${entry.typedName.length} characters, over the ${MAX_TYPED_NAME_LENGTH} allowed; left out, not truncated`,
      });
      continue;
    }
    const group = groups.get(entry.typedName);
    if (group) group.push(entry);
    else groups.set(entry.typedName, [entry]);
  }
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const keeper = typedKeeper(group, (e) => ({ server: e.server, tool: e.tool.name }));
    for (const entry of group) {
      if (entry === keeper) continue;
      entry.presentable = false;
      leftOut.push({
        canonical: entry.canonical,
        name: entry.typedName,
        reason: 'duplicate-after-sanitising',
        message: `'${entry.canonical}' sanitises to '${entry.typedName}', the typed name of '${keeper.canonical}'; left out`,
        duplicateOf: keeper.canonical,
      });
    }
  }
  const order = new Map(entries.map((e, i) => [e.canonical, i]));
  // biome-ignore lint/style/noNonNullAssertion: order holds every entry, and leftOut is made of entries.
  return leftOut.sort((a, b) => order.get(a.canonical)! - order.get(b.canonical)!);
}

export function catalogKey(servers: readonly { name: string; fingerprint: string }[]): string {
  return servers.map((s) => `${s.name}:${s.fingerprint}`).join('|');
}
