import type { NamingScheme } from '@/lib/schemas/surface-config';
import { assignSafeNames, nameBudget, SAFE_FAVOURITE_PREFIX, type SafeItem, safeAllPlain, safeFavouritePlain } from './safe';
import { allName, favouriteName, SLASH_FAVOURITE_PREFIX } from './slash';
import { kept } from '@/lib/kept';

/**
 * The names favindex mode presents (§names), in the project's naming scheme: the surface decides
 * which tools a list holds, and names them here. resolve.ts reads the names back.
 */

export interface NamingConfig {
  naming: NamingScheme;
  serverKey: string;
}

/** A catalog tool as naming needs it; a prepared catalog's entry is one, so a list of entries is named as it is. */
export interface NamedTool {
  server: string;
  canonical: string;
  tool: { readonly name: string };
}

/** How every favourite's name starts: `fav_` or `favourite/`. */
export function favouritePrefix(naming: NamingScheme): string {
  return naming === 'safe' ? SAFE_FAVOURITE_PREFIX : SLASH_FAVOURITE_PREFIX;
}

/** A favourite's name before any budget: what a favourite that cannot be listed is reported under. */
export function plainFavouriteName(canonicalName: string, favourites: readonly string[], naming: NamingScheme): string {
  return naming === 'safe' ? safeFavouritePlain(canonicalName, favourites) : favouriteName(canonicalName, favourites);
}

/** The names of the favourites listed, one per tool in their order; `favourites` is every favourite, listed or not. */
export function favouriteNames(tools: readonly NamedTool[], favourites: readonly string[], config: NamingConfig): string[] {
  if (config.naming === 'slash') return tools.map((t) => favouriteName(t.canonical, favourites));
  const items: SafeItem[] = tools.map((t) => ({
    plain: safeFavouritePlain(t.canonical, favourites),
    canonical: t.canonical,
    server: t.server,
    tool: t.tool.name,
  }));
  return assignSafeNames(items, nameBudget(config.serverKey));
}

/** The safe `all_` names of a list depend on it and the budget only: worked out once per pair. */
const safeAllNames = new WeakMap<readonly NamedTool[], Map<number, string[]>>();

/** The `all` name of every catalog tool, one per tool in catalog order. */
export function allNames(tools: readonly NamedTool[], config: NamingConfig): readonly string[] {
  if (config.naming === 'slash') return tools.map((t) => allName(t.canonical));
  const budget = nameBudget(config.serverKey);
  return kept(
    kept(safeAllNames, tools, () => new Map()),
    budget,
    () => {
      const items = tools.map((t) => ({ plain: safeAllPlain(t.server, t.tool.name), canonical: t.canonical, server: t.server, tool: t.tool.name }));
      return assignSafeNames(items, budget);
    },
  );
}
