import type { CatalogEntry, PreparedCatalog } from '@/lib/surface/prepared-catalog';
import type { SurfaceServer } from '@/lib/surface/types';

/**
 * The catalog an identity may use: the entries `allowed` keeps, each the same object (so its
 * typed name, and which of two tools sanitising alike keeps the name, are the same for every
 * identity), and a server only while it keeps a tool. Every list, search and name map built on
 * it is within the policy by construction.
 */
export function restrictCatalog(catalog: PreparedCatalog, allowed: (entry: CatalogEntry) => boolean): PreparedCatalog {
  const entries = catalog.entries.filter(allowed);
  if (entries.length === catalog.entries.length) return catalog;
  const kept = new Set(entries.map((e) => e.canonical));
  const keptTools = new Set(entries.map((e) => e.tool));
  const servers: SurfaceServer[] = [];
  const typedByServer = new Map<string, readonly CatalogEntry[]>();
  for (const server of catalog.servers) {
    const tools = server.tools.filter((tool) => keptTools.has(tool));
    if (tools.length === 0) continue;
    servers.push(tools.length === server.tools.length ? server : { name: server.name, tools });
    typedByServer.set(
      server.name,
      (catalog.typedByServer.get(server.name) ?? []).filter((e) => kept.has(e.canonical)),
    );
  }
  const typedLeftOut = catalog.typedLeftOut.filter((l) => kept.has(l.canonical));
  return {
    servers,
    entries,
    byCanonical: new Map(entries.map((e) => [e.canonical, e])),
    typedByServer,
    typedLeftOut,
    leftOutByCanonical: new Map(typedLeftOut.map((l) => [l.canonical, l])),
    toolCount: entries.length,
  };
}
