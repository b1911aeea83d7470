/**
 * Meta tools (§names): tools a proxy adds that stand for no catalog tool, such as the search the
 * lazy, pinned and retrieve modes list. A call to one counts as meta, whatever its arguments.
 */
export const FIND_TOOLS = 'mcp_find_tools';

export const BUILTIN_META_TOOLS = [FIND_TOOLS, 'mcp_list_services', 'mcp_get_service_details', 'begin_session'] as const;

/** The built-in meta tools and the project's own (its `metaTools`). */
export function metaToolSet(projectMetaTools: readonly string[] = []): Set<string> {
  return new Set([...BUILTIN_META_TOOLS, ...projectMetaTools]);
}
