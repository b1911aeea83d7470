import type { CatalogTool } from '@/lib/schemas/catalog';
import type { RoutersConfig } from '@/lib/schemas/routers';
import type { NamingScheme, SurfaceLimits, SurfaceMode } from '@/lib/schemas/surface-config';
import type { LeftOutTool } from '@/lib/contracts/surface';
export type { LeftOutTool } from '@/lib/contracts/surface';

/** One catalog server in catalog order, as the surface modes read it. */
export interface SurfaceServer {
  name: string;
  tools: readonly CatalogTool[];
}

/** What a tool entry in a list is made of: the parts a model sees besides its name. */
export interface ToolBody {
  description?: string;
  inputSchema: Record<string, unknown>;
}

export type ToolSource = 'agent' | 'meta' | 'typed' | 'favourite' | 'all' | 'router' | 'singleton';

/** One op of a router as a list presents it: what the model names, the catalog tool it calls, and its line. */
export interface ListedOp {
  op: string;
  /** `server/tool`. */
  canonical: string;
  note: string;
}

/** One entry of the list a model receives, in order. */
export interface ListedTool {
  name: string;
  /** `server/tool` for catalog tools; null for agent and meta tools. */
  canonical: string | null;
  source: ToolSource;
  body: ToolBody;
  /** Agent tools given only as a count: their names and schemas are unknown. */
  placeholder?: boolean;
  /** Marked `_meta["anthropic/alwaysLoad"]: true`: a client that defers tools keeps this one's schema loaded. */
  alwaysLoad?: true;
  /** A router's ops (source `router`), in its order: the catalog tools a call of it reaches (§routers). */
  ops?: readonly ListedOp[];
}

export type LeftOutReason = 'name-too-long' | 'duplicate-after-sanitising' | 'not-in-catalog' | 'name-taken';

/** Session state for lazy and pinned (§surface). */
export interface SessionState {
  /** Activated tools, canonical, most recent last. */
  activated: readonly string[];
  /** Servers called, most recent first. */
  calledServers: readonly string[];
}

export const EMPTY_SESSION: SessionState = { activated: [], calledServers: [] };

export interface FavouritesInput {
  enabled: boolean;
  maxFavourites: number;
  tools: readonly string[];
}

/** Everything a mode's list depends on besides the catalog. */
export interface ModeInputs {
  agentTools: number | readonly string[];
  limits: SurfaceLimits;
  favourites: FavouritesInput;
  /** Favourites are marked to stay loaded in clients that defer tools (the project setting). */
  alwaysLoadFavourites: boolean;
  instruction: string;
  /** How favindex mode names its tools, and the client key its safe names leave room for. */
  naming: NamingScheme;
  serverKey: string;
  /** The project's routers and singletons (§routers), which the routers mode presents. */
  routers: RoutersConfig;
  session: SessionState;
  /** Query text for `retrieve`. */
  query: string;
  /**
   * The list may not change with the session's calls (MCP 2026-07-28): lazy, pinned and retrieve
   * then list `mcp_invoke_tool` beside `mcp_find_tools`, so what a search finds is called without
   * joining the list (§surface, protocol revisions).
   */
  stateless?: boolean;
  /**
   * The attention budget (`surface.toolBudget`, §routers) a preview judges each list against
   * (default 30). No list is made from it: a list over it is only said to be.
   */
  toolBudget?: number;
}

/** The ordered list of one mode, before it is checked against a target. */
export interface ModeList {
  mode: SurfaceMode;
  tools: ListedTool[];
  leftOut: LeftOutTool[];
  /** The instruction sent with the list (favindex and deferred; served as the MCP server's `instructions`). */
  instruction: string | null;
  /** Why the list is as it is, where that is not obvious (budgets hit, no query …). */
  notes: string[];
}
