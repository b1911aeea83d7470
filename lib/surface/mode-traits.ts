import { SURFACE_MODES, type SurfaceMode } from '@/lib/schemas/surface-config';
import { isOneOf } from '@/lib/records';

/**
 * Everything favindex says or decides about a presentation mode by the mode alone (§surface):
 * its one name, its wording, and the traits the surface document, the preview and the proxy
 * branch on. A new mode, or a change of one, is made here and nowhere else.
 */
export interface ModeTraits {
  /**
   * The mode's name in everything a person reads: the dashboard, the docs, the answers. The id
   * (`favindex`) is what YAML, the API and the CLI's options take.
   */
  name: string;
  /** What a client gets, ending a sentence that starts "clients get": the header's tooltip and the Settings line. */
  gives: string;
  /** What the list is made of, part by part: the line under the mode's preview card. */
  parts: string;
  /**
   * What `mcp_find_tools` does in the mode's list: switches on what it finds (`activates`), or
   * makes it the retrieved tools (`retrieves`); null where the list has no search tool.
   */
  search: 'activates' | 'retrieves' | null;
  /** The list comes with the instruction, and its names and order are the list's own, whatever the session did. */
  instruction: boolean;
  /** The mode names its tools by the project's naming scheme (§names), so a change of scheme may make it pass. */
  namedByScheme: boolean;
  /**
   * The mode lists the catalog's tools one by one, whatever the session did: to a client that
   * speaks the MCP grouping extension the proxy gives each router as a group and marks the tools
   * listed that are its ops (§routers).
   */
  groups: boolean;
  /**
   * What MCP 2026-07-28, where `tools/list` may not change with a session's calls, does to the
   * mode's list, as the end of a sentence; null where the list never depended on a session.
   */
  onStateless: string | null;
}

export const MODE_TRAITS: Readonly<Record<SurfaceMode, ModeTraits>> = {
  off: {
    name: 'off',
    gives: 'one tool, mcp_invoke_tool, that calls any catalog tool by its name, and no list of tools',
    parts: 'Agent tools + mcp_invoke_tool',
    search: null,
    instruction: false,
    namedByScheme: false,
    groups: false,
    onStateless: null,
  },
  eager: {
    name: 'eager',
    gives: 'every catalog tool up front',
    parts: 'Agent tools + every catalog tool as server__tool',
    search: null,
    instruction: false,
    namedByScheme: false,
    groups: true,
    onStateless: null,
  },
  lazy: {
    name: 'lazy',
    gives: 'a search tool, mcp_find_tools, and only the tools the model switches on with it',
    parts: 'Agent tools + mcp_find_tools + the tools activated so far',
    search: 'activates',
    instruction: false,
    namedByScheme: false,
    groups: false,
    onStateless: 'its list will not grow: the model calls what a search finds through mcp_invoke_tool',
  },
  pinned: {
    name: 'pinned',
    gives: 'what lazy gives, plus every tool of the servers called most recently',
    parts: 'Lazy, plus the tools of the most recently called servers',
    search: 'activates',
    instruction: false,
    namedByScheme: false,
    groups: false,
    onStateless: 'it pins the servers of your favourites, not the servers a session called',
  },
  favindex: {
    name: 'favourites first',
    gives: 'your favourite tools up front under names of their own, then every tool, with a line telling the model to prefer the favourites',
    parts: 'Agent tools + a favourite name for each favourite + an all name for every catalog tool, with the instruction',
    search: null,
    instruction: true,
    namedByScheme: true,
    groups: true,
    onStateless: null,
  },
  deferred: {
    name: 'deferred',
    gives: 'every tool, the favourites loaded in full and the rest by name until the client’s own search loads them',
    parts: 'Agent tools + every catalog tool as server__tool, favourites first and kept loaded, with the instruction',
    search: null,
    instruction: true,
    namedByScheme: false,
    groups: true,
    onStateless: null,
  },
  retrieve: {
    name: 'retrieve',
    gives: 'a search tool, mcp_find_tools, and the few catalog tools that best match the last request',
    parts: 'Agent tools + mcp_find_tools + the top K catalog tools for the last query (BM25)',
    search: 'retrieves',
    instruction: false,
    namedByScheme: false,
    groups: false,
    onStateless: 'no search is bound to its list: the model calls what it finds through mcp_invoke_tool',
  },
  routers: {
    name: 'routers',
    gives:
      'your favourite tools up front, then one tool per router of same-shape tools, called with a typed op, and every other tool on its own, with a line telling the model to prefer the favourites',
    parts:
      'Agent tools + a favourite name for each favourite + one tool per router (op and arguments) + every other catalog tool on its own, with the instruction',
    search: null,
    instruction: true,
    namedByScheme: true,
    groups: true,
    onStateless: null,
  },
};

/** The mode's name in running text: "favourites first", "lazy". */
export function modeName(mode: SurfaceMode): string {
  return MODE_TRAITS[mode].name;
}

/** The name of a mode as a record carries it (an event's, an impact segment's): a mode this favindex does not know stays as sent. */
export function modeNameOf(recorded: string): string {
  return isOneOf(SURFACE_MODES, recorded) ? modeName(recorded) : recorded;
}

/** The mode's name where it starts a line or labels a choice: "Favourites first", "Lazy". */
export function modeTitle(mode: SurfaceMode): string {
  const { name } = MODE_TRAITS[mode];
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** What the mode gives clients, in one sentence a newcomer reads: the header's tooltip and the Settings line. */
export function modePlain(mode: SurfaceMode): string {
  return `${modeTitle(mode)}: clients get ${MODE_TRAITS[mode].gives}.`;
}

/** Whether the mode's list has mcp_find_tools. */
export function hasSearchTool(mode: SurfaceMode): boolean {
  return MODE_TRAITS[mode].search !== null;
}

/** What the mode does on MCP 2026-07-28, in one sentence: the preview's revision line. */
export function revisionPlain(mode: SurfaceMode): string {
  const change = MODE_TRAITS[mode].onStateless;
  return change === null ? 'The same on both revisions: this list never depended on a session.' : `On 2026-07-28 ${change}.`;
}
