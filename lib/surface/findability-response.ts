import type { FindabilityResponse, TestQuery } from '@/lib/contracts/findability';
import { ApiError } from '@/lib/errors';
import type { FindabilityQuery } from '@/lib/schemas/findability';
import type { RoutersConfig } from '@/lib/schemas/routers';
import type { SurfaceConfig } from '@/lib/schemas/surface-config';
import { CLIENT_SEARCHES, keepsMarkedLoaded } from './client-searches';
import { CLIENTS, type ClientId } from './clients';
import { findability } from './findability';
import type { PreparedCatalog } from './prepared-catalog';
import { presentedList, presentedSurfaceOf } from './presented';
import { TOOL_SEARCHES, type ToolSearchId } from './tool-search';
import type { FavouritesInput } from './types';

export const DEFAULT_FINDABILITY_CLIENT: ClientId = 'codex';

export interface FindabilitySources {
  project: string;
  surface: SurfaceConfig;
  favourites: FavouritesInput;
  /** The project's routers (§routers): the routers mode defers its routers, singletons and unplaced tools. */
  routers: RoutersConfig;
  catalog: PreparedCatalog;
  testQueries: readonly TestQuery[];
}

type ListSources = Pick<FindabilitySources, 'surface' | 'favourites' | 'routers' | 'catalog'>;

/**
 * The catalog tools of a mode's list, split into those a deferring client keeps loaded and the
 * rest, which it defers. In the routers mode a router stands for no one tool: its ops' tools are
 * not judged one by one (a search that finds the router finds their lines in its description),
 * so the tools judged are the favourites, the singletons and the tools in no router.
 */
export function deferredTools({ surface, favourites, routers, catalog }: ListSources, mode: SurfaceConfig['mode'], keepsMarked = true) {
  // The list a proxy presents in this mode: agent tools are the client's own, never deferred MCP tools.
  const list = presentedList(presentedSurfaceOf(surface, favourites, { mode, routers }), catalog);
  const loaded = new Set<string>();
  const listed = new Set<string>();
  for (const tool of list.tools) {
    if (tool.canonical === null) continue;
    listed.add(tool.canonical);
    // A favourite is listed twice in favindex mode: loaded under its favourite name, so not deferred.
    if (tool.alwaysLoad && keepsMarked) loaded.add(tool.canonical);
  }
  return { deferred: [...listed].filter((c) => !loaded.has(c)), loaded: [...loaded] };
}

function resolveSearch(query: FindabilityQuery): { client: FindabilityResponse['client']; id: ToolSearchId } {
  if (query.search) return { client: null, id: query.search };
  const client = CLIENTS[query.client ?? DEFAULT_FINDABILITY_CLIENT];
  const id = CLIENT_SEARCHES[client.id];
  if (!id) {
    throw new ApiError(
      'INVALID_PARAMETER',
      `${client.label} has no tool search favindex knows of: it defers no tools, or how it searches them is not published`,
      {
        suggestedAction: `give client=${Object.keys(CLIENT_SEARCHES).join(', client=')}, or search=anthropic-bm25 or search=anthropic-regex for a provider's search`,
        citedRule: '§surface',
      },
    );
  }
  return { client: { id: client.id, label: client.label }, id };
}

/** Findability of a project's deferred tools through one client's or provider's search. */
export function buildFindabilityResponse(sources: FindabilitySources, query: FindabilityQuery): FindabilityResponse {
  const { client, id } = resolveSearch(query);
  const search = TOOL_SEARCHES[id];
  if (search.results.max === 0) {
    throw new ApiError(
      'INVALID_PARAMETER',
      `${search.tool} (${id}) publishes neither how it ranks nor how many tools one search loads, so favindex cannot say what it finds`,
      {
        suggestedAction: `give search=anthropic-bm25 or search=anthropic-regex, or a client; source: ${search.source}`,
        citedRule: '§surface',
      },
    );
  }
  const mode = query.mode ?? sources.surface.mode;
  // A provider's search keeps what is not deferred; of the clients only Claude Code honours the mark.
  // Sound: resolveSearch takes the client from CLIENTS, so its id is a ClientId; the contract types it as string.
  const keepsMarked = client === null || keepsMarkedLoaded(client.id as ClientId);
  const { deferred, loaded } = deferredTools(sources, mode, keepsMarked);
  const report = findability({ catalog: sources.catalog, deferred, loaded, search, testQueries: sources.testQueries });
  return {
    project: sources.project,
    client,
    mode,
    search: {
      id,
      tool: search.tool,
      method: search.method,
      ranking: report.ranking,
      approximation: report.approximation,
      limit: report.limit,
      reads: search.reads,
      source: search.source,
    },
    method: report.method,
    summary: report.summary,
    tools: report.tools,
    testQueries: report.testQueries,
  };
}
