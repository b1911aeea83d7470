import { assignSafeNames, nameBudget, type SafeItem, safeAllPlain, safeFavouritePlain } from '@/lib/names/safe';
import { allName, favouriteName } from '@/lib/names/slash';
import type { NamingScheme } from '@/lib/schemas/surface-config';
import type { CatalogEntry, PreparedCatalog } from './prepared-catalog';
import type { FavouritesInput, LeftOutTool } from './types';

export interface NamingConfig {
  naming: NamingScheme;
  serverKey: string;
}

/** One tool of the favindex list as the proxy presents it. */
export interface PresentedTool {
  name: string;
  canonical: string;
  source: 'favourite' | 'all';
  entry: CatalogEntry;
}

export interface FavindexPresentation {
  /** Favourites in pinned order (at most maxFavourites), then the whole catalog in catalog order. */
  tools: PresentedTool[];
  leftOut: LeftOutTool[];
  notes: string[];
}

/**
 * The names favindex mode presents, in order, with the canonical name of each (§names). Pure:
 * the preview and the proxy call it with the same catalog, favourites and naming and get the
 * same list, and the surface serves its presented → canonical map.
 */
export function presentFavindex(catalog: PreparedCatalog, favourites: FavouritesInput, config: NamingConfig): FavindexPresentation {
  const tools: PresentedTool[] = [];
  const leftOut: LeftOutTool[] = [];
  const notes: string[] = [];
  if (!favourites.enabled) notes.push(`the favourite index is disabled: no ${config.naming === 'safe' ? 'fav_' : 'favourite/'} tools`);
  else {
    const shown = favourites.tools.slice(0, favourites.maxFavourites);
    const present: CatalogEntry[] = [];
    for (const name of shown) {
      const entry = catalog.byCanonical.get(name);
      if (entry) present.push(entry);
      else leftOut.push({ ...notInCatalog(name), name: favouritePlain(name, favourites.tools, config.naming) });
    }
    const names = favouriteNames(present, favourites.tools, config);
    for (const [i, entry] of present.entries()) tools.push({ name: names[i]!, canonical: entry.canonical, source: 'favourite', entry });
    if (favourites.tools.length > shown.length) {
      notes.push(`${favourites.tools.length - shown.length} favourite(s) beyond maxFavourites ${favourites.maxFavourites} not shown`);
    }
  }
  const all = allNames(catalog, config);
  for (const [i, entry] of catalog.entries.entries()) tools.push({ name: all[i]!, canonical: entry.canonical, source: 'all', entry });
  return { tools, leftOut, notes };
}

function favouritePlain(name: string, favourites: readonly string[], naming: NamingScheme): string {
  return naming === 'safe' ? safeFavouritePlain(name, favourites) : favouriteName(name, favourites);
}

function favouriteNames(entries: readonly CatalogEntry[], favourites: readonly string[], config: NamingConfig): string[] {
  if (config.naming === 'slash') return entries.map((e) => favouriteName(e.canonical, favourites));
  const items: SafeItem[] = entries.map((e) => ({
    plain: safeFavouritePlain(e.canonical, favourites),
    canonical: e.canonical,
    server: e.server,
    tool: e.tool.name,
  }));
  return assignSafeNames(items, nameBudget(config.serverKey));
}

/** The `all` names of a catalog depend on it and the budget only: worked out once per pair. */
const safeAllCache = new WeakMap<PreparedCatalog, Map<number, string[]>>();

function allNames(catalog: PreparedCatalog, config: NamingConfig): string[] {
  if (config.naming === 'slash') return catalog.entries.map((e) => allName(e.canonical));
  const budget = nameBudget(config.serverKey);
  let byBudget = safeAllCache.get(catalog);
  if (!byBudget) {
    byBudget = new Map();
    safeAllCache.set(catalog, byBudget);
  }
  let names = byBudget.get(budget);
  if (!names) {
    const items = catalog.entries.map((e) => ({ plain: safeAllPlain(e.server, e.tool.name), canonical: e.canonical, server: e.server, tool: e.tool.name }));
    names = assignSafeNames(items, budget);
    byBudget.set(budget, names);
  }
  return names;
}

function notInCatalog(name: string): LeftOutTool {
  return {
    canonical: name,
    name,
    reason: 'not-in-catalog',
    message: `pinned tool '${name}' is not in the catalog (not synced yet, or removed)`,
  };
}
