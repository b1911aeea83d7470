import type { RoutersConfig } from '@/lib/schemas/routers';
import type { SurfaceMode } from '@/lib/schemas/surface-config';
import { MODE_TRAITS } from './mode-traits';
import type { PreparedCatalog } from './prepared-catalog';
import type { ListedTool } from './types';

/**
 * The MCP grouping extension (the Primitive Grouping interest group's draft,
 * modelcontextprotocol/experimental-ext-grouping `specification/draft/grouping.mdx`): its id,
 * which client and server declare under `capabilities.extensions`, and the reserved `_meta` key
 * that names the groups a tool belongs to.
 */
export const GROUPING_EXTENSION = 'io.modelcontextprotocol/grouping';
export const GROUPS_META = 'io.modelcontextprotocol/groups';

/** A group as `groups/list` gives it: one per router (§routers). */
export interface ToolGroup {
  name: string;
  title: string;
  description: string;
}

/** The groups of one session's list, and the group a tool listed in it belongs to. */
export interface Grouping {
  groups: ToolGroup[];
  /** The router whose op the tool is (or, for a router's own tool, that router); null for a tool of no router. */
  groupOf(tool: ListedTool): string | null;
}

const NO_GROUPING: Grouping = { groups: [], groupOf: () => null };

/** A router's name as people read it: `tracker_read` is "Tracker read". */
function titleOf(name: string): string {
  const words = name.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The routers as groups (§routers): in a mode that lists the catalog's tools one by one
 * (MODE_TRAITS.groups), each router with at least one op whose tool `catalog` (what the session
 * may use) holds is a group, named as the router, described by its description; a tool listed
 * that is one of its ops, and the router's own tool in the routers mode, belong to it. A tool is
 * in at most one router, so in at most one group; no group belongs to another.
 */
export function routerGrouping(mode: SurfaceMode, routers: RoutersConfig, catalog: PreparedCatalog): Grouping {
  if (!MODE_TRAITS[mode].groups) return NO_GROUPING;
  const groups: ToolGroup[] = [];
  const routerOf = new Map<string, string>();
  for (const router of routers.routers) {
    const ops = router.ops.filter((op) => catalog.byCanonical.has(op.tool));
    if (ops.length === 0) continue;
    groups.push({ name: router.name, title: titleOf(router.name), description: router.description });
    for (const op of ops) routerOf.set(op.tool, router.name);
  }
  if (groups.length === 0) return NO_GROUPING;
  const names = new Set(groups.map((g) => g.name));
  return {
    groups,
    groupOf: (tool) => {
      if (tool.source === 'router') return names.has(tool.name) ? tool.name : null;
      return tool.canonical === null ? null : (routerOf.get(tool.canonical) ?? null);
    },
  };
}
