import { canonical, splitCanonical } from './canonical';
import type { NameCatalog } from './name-catalog';
import { type NameOutcome, toolOutcome, unresolved } from './resolution';
import { sanitisePart } from './sanitise';

/**
 * The typed scheme (§names, §surface): `{server}__{tool}` with both parts sanitised, as the
 * eager, lazy, pinned and retrieve modes present a tool and as other proxies do.
 */

export function typedName(server: string, tool: string): string {
  return `${sanitisePart(server)}__${sanitisePart(tool)}`;
}

export function typedNameOf(canonicalName: string): string {
  const parts = splitCanonical(canonicalName);
  if (!parts) throw new Error(`not a canonical name: ${canonicalName}`);
  return typedName(parts.server, parts.tool);
}

/**
 * When several tools share one typed name after sanitising, one keeps it: the tool whose name
 * needed no sanitising (the others "sanitised into" it), else the first in catalog order. The
 * surface presents only that one, and ingest resolves the name to it, so both agree.
 */
export function typedKeeper<T>(group: readonly T[], parts: (item: T) => { server: string; tool: string }): T {
  const keeper =
    group.find((item) => {
      const { server, tool } = parts(item);
      return sanitisePart(server) === server && sanitisePart(tool) === tool;
    }) ?? group[0];
  if (keeper === undefined) throw new Error('typedKeeper needs a non-empty group');
  return keeper;
}

/**
 * A typed name to its tool. Server names may hold `_`, so every `__` is a possible split; the
 * one that leaves a known server on the left wins. When several tools share the name after
 * sanitising, it means the one the surface presents under it.
 */
export function resolveTyped(raw: string, catalog: NameCatalog): NameOutcome {
  const candidates: { server: string; tool: string }[] = [];
  const knownServers: string[] = [];
  for (let i = raw.indexOf('__', 1); i > 0; i = raw.indexOf('__', i + 1)) {
    const servers = catalog.serversBySanitised.get(raw.slice(0, i));
    if (!servers) continue;
    const toolPartSanitised = raw.slice(i + 2);
    for (const server of servers) {
      knownServers.push(server);
      for (const tool of catalog.toolsBySanitised.get(server)?.get(toolPartSanitised) ?? []) candidates.push({ server, tool });
    }
  }
  if (candidates.length > 0) {
    // Tools sharing a typed name: the surface presents only the keeper, so the name means it.
    const keeper = candidates.length === 1 ? candidates[0] : typedKeeper(inCatalogOrder(candidates, catalog), (c) => c);
    if (keeper) return toolOutcome(canonical(keeper.server, keeper.tool), 'typed');
  }
  if (knownServers.length > 0) {
    return unresolved(`typed name '${raw}': no tool of ${[...new Set(knownServers)].join(', ')} sanitises to it`);
  }
  return unresolved(`typed name '${raw}': no catalog server matches its prefix`);
}

/** The tool a typed name means when the event named its server: the part after its prefix, unsanitised when only one tool of the server sanitises to it. */
export function typedToolUnderServer(raw: string, server: string, catalog: NameCatalog): string {
  const prefix = `${sanitisePart(server)}__`;
  const part = raw.startsWith(prefix) ? raw.slice(prefix.length) : raw;
  const matches = catalog.toolsBySanitised.get(server)?.get(part);
  const only = matches?.length === 1 ? matches[0] : undefined;
  return only ?? part;
}

function inCatalogOrder<T extends { server: string; tool: string }>(items: T[], catalog: NameCatalog): T[] {
  const position = (item: T) => [...(catalog.tools.get(item.server) ?? [])].indexOf(item.tool);
  return items
    .map((item) => ({ item, server: catalog.serverOrder.get(item.server) ?? 0, tool: position(item) }))
    .sort((a, b) => a.server - b.server || a.tool - b.tool)
    .map((x) => x.item);
}
