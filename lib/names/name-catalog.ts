import { sanitisePart } from './sanitise';

export interface CatalogServerNames {
  name: string;
  tools: readonly { name: string }[];
  /** Tools its earlier stored catalog versions listed that its current one does not. */
  earlierTools?: readonly string[];
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
  /** server -> tools only its earlier stored versions listed: calls made to them stay resolved (§names). */
  readonly earlierTools: ReadonlyMap<string, ReadonlySet<string>>;
}

/**
 * Whether the catalog lists `tool` under `server`, in its version in force or in an earlier
 * stored one: the one test a call must pass to count as that tool (§names).
 */
export function listsTool(catalog: NameCatalog, server: string, tool: string): boolean {
  return (catalog.tools.get(server)?.has(tool) || catalog.earlierTools.get(server)?.has(tool)) ?? false;
}

/** Why a call to `server/tool` is not counted as that tool, in words that say what would fix it. */
export function notListedReason(catalog: NameCatalog, server: string, tool: string): string {
  if (!catalog.tools.has(server)) return `unknown server '${server}': it is not in the project's catalog yet (its catalog has not been uploaded)`;
  return `'${server}' does not list '${tool}': no stored catalog version of it has that tool`;
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
  const earlierTools = new Map<string, Set<string>>();
  for (const server of servers) {
    if (server.earlierTools?.length) earlierTools.set(server.name, new Set(server.earlierTools));
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
  return { tools, serversBySanitised, toolsBySanitised, serversByTool, serverOrder, earlierTools };
}

export const EMPTY_NAME_CATALOG: NameCatalog = buildNameCatalog([]);
