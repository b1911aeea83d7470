import { allNames, favouriteNames, favouritePrefix, type NamingConfig, plainFavouriteName } from '@/lib/names/present';
import type { CatalogEntry, PreparedCatalog } from './prepared-catalog';
import type { FavouritesInput, LeftOutTool } from './types';
import { itemAt } from '@/lib/arrays';

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
  if (!favourites.enabled) notes.push(`the favourite index is disabled: no ${favouritePrefix(config.naming)} tools`);
  else {
    const shown = favourites.tools.slice(0, favourites.maxFavourites);
    const present: CatalogEntry[] = [];
    for (const name of shown) {
      const entry = catalog.byCanonical.get(name);
      if (entry) present.push(entry);
      else leftOut.push({ ...notInCatalog(name), name: plainFavouriteName(name, favourites.tools, config.naming) });
    }
    const names = favouriteNames(present, favourites.tools, config);
    // favouriteNames gives one name per entry, in their order.
    for (const [i, entry] of present.entries()) tools.push({ name: itemAt(names, i), canonical: entry.canonical, source: 'favourite', entry });
    if (favourites.tools.length > shown.length) {
      notes.push(`${favourites.tools.length - shown.length} favourite(s) beyond maxFavourites ${favourites.maxFavourites} not shown`);
    }
  }
  const all = allNames(catalog.entries, config);
  // allNames gives one name per entry, in catalog order.
  for (const [i, entry] of catalog.entries.entries()) tools.push({ name: itemAt(all, i), canonical: entry.canonical, source: 'all', entry });
  return { tools, leftOut, notes };
}

function notInCatalog(name: string): LeftOutTool {
  return {
    canonical: name,
    name,
    reason: 'not-in-catalog',
    message: `pinned tool '${name}' is not in the catalog (not synced yet, or removed)`,
  };
}
