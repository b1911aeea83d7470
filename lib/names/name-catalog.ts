import { sanitisePart } from './sanitise';

export interface CatalogServerNames {
  name: string;
  tools: readonly { name: string }[];
}

/** Lookup tables over a project's catalog, built once per catalog version. */
export interface NameCatalog {
  /** server -> its tool names */
  readonly tools: ReadonlyMap<string, ReadonlySet<string>>;
  /** sanitised server name -> servers that sanitise to it */
  readonly serversBySanitised: ReadonlyMap<string, readonly string[]>;
  /** server -> sanitised tool name -> tools that sanitise to it */
  readonly toolsBySanitised: ReadonlyMap<string, ReadonlyMap<string, readonly string[]>>;
  /** tool name -> servers that list it */
  readonly serversByTool: ReadonlyMap<string, readonly string[]>;
  /** server -> its position in catalog order */
  readonly serverOrder: ReadonlyMap<string, number>;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export function buildNameCatalog(servers: readonly CatalogServerNames[]): NameCatalog {
  const tools = new Map<string, Set<string>>();
  const serversBySanitised = new Map<string, string[]>();
  const toolsBySanitised = new Map<string, Map<string, string[]>>();
  const serversByTool = new Map<string, string[]>();
  const serverOrder = new Map<string, number>();
  for (const server of servers) {
    serverOrder.set(server.name, serverOrder.size);
    const names = new Set(server.tools.map((t) => t.name));
    tools.set(server.name, names);
    push(serversBySanitised, sanitisePart(server.name), server.name);
    const bySanitised = new Map<string, string[]>();
    for (const tool of names) {
      push(bySanitised, sanitisePart(tool), tool);
      push(serversByTool, tool, server.name);
    }
    toolsBySanitised.set(server.name, bySanitised);
  }
  return { tools, serversBySanitised, toolsBySanitised, serversByTool, serverOrder };
}

export const EMPTY_NAME_CATALOG: NameCatalog = buildNameCatalog([]);
