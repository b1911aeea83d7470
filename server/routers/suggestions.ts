import type { RouterSuggestionsView } from '@/lib/contracts/router-suggestions';
import { BoundedMap } from '@/lib/bounded-map';
import { type PlacementProposal, placeNewTools } from '@/lib/routers/place';
import { type RouterSuggestions, suggestRouters, unplacedTools } from '@/lib/routers/suggest';
import type { RouterSuggestionsQuery } from '@/lib/schemas/routers-requests';
import { instructionFor } from '@/lib/schemas/surface-config';
import type { PreparedCatalog } from '@/lib/surface/prepared-catalog';
import { routersList } from '@/lib/surface/routers-mode';
import { resolveTarget } from '@/lib/surface/targets';
import type { AppContext } from '@/server/app-context';
import { loadSurfaceInputs } from '@/server/surface/inputs';
import { getRouters, type RoutersState } from './routers';

interface Proposals {
  suggested: RouterSuggestions;
  placed: PlacementProposal;
}

/**
 * Proposals per prepared catalog (shared by every project on those fingerprints), by project,
 * routers version and token method: a person paging through 1,800 suggestions of a 10,000-tool
 * catalog computes them once, not once per page (about 0.2 s warm each, docs/benchmarks.md).
 */
const proposalsByCatalog = new WeakMap<PreparedCatalog, BoundedMap<string, Proposals>>();

function proposalsOf(
  catalog: PreparedCatalog,
  projectId: string,
  routers: RoutersState,
  tokenMethod: RouterSuggestions['saves']['tokens']['method'],
): Proposals {
  let cache = proposalsByCatalog.get(catalog);
  if (!cache) {
    cache = new BoundedMap(8);
    proposalsByCatalog.set(catalog, cache);
  }
  const key = JSON.stringify([projectId, routers.version, routers.updatedAt, tokenMethod]);
  const hit = cache.get(key);
  if (hit) return hit;
  const unplaced = unplacedTools(catalog, routers.config).map((t) => t.canonical);
  const made = {
    suggested: suggestRouters(catalog, routers.config, { tokenMethod }),
    placed: placeNewTools(catalog, routers.config, unplaced, { tokenMethod }),
  };
  cache.set(key, made);
  return made;
}

/**
 * Routers to fold the project's catalog into, where each tool placed nowhere goes (§routers), a
 * page of each, and the routers mode's presented count against the attention budget, all over
 * the whole catalog and the routers in force. Nothing is saved: a person or the CLI applies one
 * by PUT /routers over `routersVersion`, one version in the history like any other.
 */
export async function routerSuggestions(app: AppContext, projectId: string, query: RouterSuggestionsQuery): Promise<RouterSuggestionsView> {
  const inputs = await loadSurfaceInputs(app.db, app.catalogs, projectId);
  // The version with the config it names: the inputs carry the config alone.
  const routers = await getRouters(app.db, projectId);
  const { surface, catalog } = inputs;
  const { suggested, placed } = proposalsOf(catalog, projectId, routers, resolveTarget(surface.target, surface.customCap).tokenMethod);
  const list = routersList(catalog, {
    agentTools: surface.agentTools,
    favourites: inputs.favourites,
    alwaysLoadFavourites: surface.alwaysLoadFavourites,
    instruction: instructionFor(surface),
    naming: surface.naming,
    serverKey: surface.serverKey,
    routers: routers.config,
  });
  const counted = (source: string) => list.tools.filter((t) => t.source === source).length;
  const placements = placed.placements.slice(query.unplacedOffset, query.unplacedOffset + query.unplacedLimit);
  const named = new Set(placements.flatMap((p) => (p.rule === 'new-router' ? [p.router] : [])));
  return {
    project: projectId,
    routersVersion: routers.version,
    catalogTools: catalog.entries.length,
    presented: {
      tools: list.tools.length,
      budget: surface.toolBudget,
      agentTools: counted('agent'),
      favourites: counted('favourite'),
      routers: counted('router'),
    },
    suggestions: {
      total: suggested.suggestions.length,
      offset: query.offset,
      limit: query.limit,
      saves: suggested.saves,
      items: suggested.suggestions.slice(query.offset, query.offset + query.limit),
    },
    unplaced: {
      total: placed.placements.length,
      offset: query.unplacedOffset,
      limit: query.unplacedLimit,
      items: placements,
      newRouters: placed.newRouters.filter((r) => named.has(r.router.name)),
    },
  };
}
