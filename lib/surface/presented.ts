import { instructionFor, type NamingScheme, type SurfaceConfig, type SurfaceLimits, type SurfaceMode } from '@/lib/schemas/surface-config';
import { splitCanonical } from '@/lib/names/canonical';
import type { RoutersConfig } from '@/lib/schemas/routers';
import { buildModeList } from './modes';
import type { CatalogEntry, PreparedCatalog } from './prepared-catalog';
import { retrieveTools } from './retrieve';
import { EMPTY_SESSION, type FavouritesInput, type ModeList, type SessionState } from './types';

/** What a proxy presents from: the surface document's mode, limits, favourites, instruction, naming and routers. */
export interface PresentedSurface {
  mode: SurfaceMode;
  limits: SurfaceLimits;
  favouriteIndex: FavouritesInput;
  instruction: string | null;
  naming: NamingScheme;
  serverKey: string;
  alwaysLoadFavourites: boolean;
  /** The project's routers and singletons (§routers): the routers mode's list is made of them. */
  routers: RoutersConfig;
}

/**
 * The surface a proxy presents from a project's config, favourites and routers; a caller may ask
 * for another mode or limits. The routers are always given (the stored ones, or the document's):
 * a list built without them would count every tool on its own in the routers mode.
 */
export function presentedSurfaceOf(
  surface: SurfaceConfig,
  favouriteIndex: FavouritesInput,
  { mode = surface.mode, limits = surface.limits, routers }: { mode?: SurfaceMode; limits?: SurfaceLimits; routers: RoutersConfig },
): PresentedSurface {
  return {
    mode,
    limits,
    favouriteIndex,
    instruction: instructionFor(surface),
    naming: surface.naming,
    serverKey: surface.serverKey,
    alwaysLoadFavourites: surface.alwaysLoadFavourites,
    routers,
  };
}

/** One MCP session's state: what it activated and called, and what it searched for last (retrieve). */
export interface PresentedSession {
  state: SessionState;
  query: string;
  /** Listed as MCP 2026-07-28 requires: the same for every request, whatever came before (§surface, protocol revisions). */
  stateless?: boolean;
}

export const EMPTY_PRESENTED_SESSION: PresentedSession = { state: EMPTY_SESSION, query: '' };

/**
 * What a stateless request (MCP 2026-07-28) is listed as: nothing a session did counts, so every
 * request of one identity reads the same list. Lazy lists no activations (a search's results carry
 * the tools, `mcp_invoke_tool` calls them); pinned pins the servers of the favourites, which the
 * project's usage ranks, in place of the servers a session called; retrieve binds no search.
 */
export function statelessSession(surface: Pick<PresentedSurface, 'favouriteIndex'>): PresentedSession {
  const servers: string[] = [];
  for (const name of surface.favouriteIndex.enabled ? surface.favouriteIndex.tools : []) {
    const server = splitCanonical(name)?.server;
    if (server && !servers.includes(server)) servers.push(server);
  }
  return { state: { activated: [], calledServers: servers }, query: '', stateless: true };
}

/**
 * The ordered list a proxy presents to one MCP session, each tool with its canonical name: the
 * list the preview shows for the same mode and session without agent tools (the agent's own
 * tools are the client's to list, not the proxy's). The surface document's name map, the
 * proxy's tools/list and the preview all come from buildModeList through here or previewMode.
 */
export function presentedList(surface: PresentedSurface, catalog: PreparedCatalog, session: PresentedSession = EMPTY_PRESENTED_SESSION): ModeList {
  return buildModeList(surface.mode, catalog, {
    agentTools: 0,
    limits: surface.limits,
    favourites: surface.favouriteIndex,
    alwaysLoadFavourites: surface.alwaysLoadFavourites,
    instruction: surface.instruction ?? '',
    session: session.state,
    query: session.query,
    stateless: session.stateless,
    naming: surface.naming,
    serverKey: surface.serverKey,
    routers: surface.routers,
  });
}

/** What `mcp_find_tools` finds for a query: the best `retrieveK` tools, ranked as retrieve ranks them. */
export function findTools(surface: PresentedSurface, catalog: PreparedCatalog, query: string): CatalogEntry[] {
  return retrieveTools(catalog, query, surface.limits.retrieveK).entries;
}
