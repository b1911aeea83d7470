import { canonical, splitCanonical } from './canonical';
import type { FavouritesTimeline, FavouritesVersion } from './favourites-timeline';
import type { NameCatalog } from './name-catalog';
import { type NameContext, type NameOutcome, toolOutcome, unresolved } from './resolution';
import {
  assignSafeNames,
  isHashedFrom,
  parseHashed,
  SAFE_ALL_PREFIX,
  SAFE_FAVOURITE_PREFIX,
  type SafeItem,
  safeAllPlain,
  safeFavouriteForms,
  safeFavouritePlain,
} from './safe-names';

/**
 * Names of the safe scheme (§names) back to `server/tool`. The presented names are worked out as
 * the surface works them out, without a length budget: a name the budget cut ends in the hash of
 * its canonical name, which leads back to the tool whatever the client's server key was.
 */
interface SafeIndex {
  all: Map<string, string> | null;
  catalogTools: { server: string; tool: string; plain: string; canonical: string }[] | null;
}

const indexes = new WeakMap<NameCatalog, SafeIndex>();

function indexOf(catalog: NameCatalog): SafeIndex {
  let index = indexes.get(catalog);
  if (!index) {
    index = { all: null, catalogTools: null };
    indexes.set(catalog, index);
  }
  return index;
}

/** Every catalog tool in catalog order, with its plain `all_` name. */
export function catalogSafeTools(catalog: NameCatalog): SafeIndex['catalogTools'] & object {
  const index = indexOf(catalog);
  if (!index.catalogTools) {
    const tools: NonNullable<SafeIndex['catalogTools']> = [];
    for (const [server, names] of catalog.tools) {
      for (const tool of names) tools.push({ server, tool, plain: safeAllPlain(server, tool), canonical: canonical(server, tool) });
    }
    index.catalogTools = tools;
  }
  return index.catalogTools;
}

function namesOf(items: SafeItem[]): Map<string, string> {
  const names = assignSafeNames(items, Number.POSITIVE_INFINITY);
  return new Map(names.map((name, i) => [name, items[i]!.canonical]));
}

function allIndex(catalog: NameCatalog): Map<string, string> {
  const index = indexOf(catalog);
  index.all ??= namesOf(catalogSafeTools(catalog));
  return index.all;
}

/** Favourite names per favourites version of a timeline. */
const favouriteIndexes = new WeakMap<FavouritesTimeline, Map<number, Map<string, string>>>();

function favouriteIndex(timeline: FavouritesTimeline, version: FavouritesVersion): Map<string, string> {
  let byVersion = favouriteIndexes.get(timeline);
  if (!byVersion) {
    byVersion = new Map();
    favouriteIndexes.set(timeline, byVersion);
  }
  let names = byVersion.get(version.version);
  if (!names) {
    const items: SafeItem[] = [];
    for (const c of version.tools) {
      const parts = splitCanonical(c);
      if (parts) items.push({ plain: safeFavouritePlain(c, version.tools), canonical: c, server: parts.server, tool: parts.tool });
    }
    names = namesOf(items);
    byVersion.set(version.version, names);
  }
  return names;
}

export function isSafeForm(raw: string): boolean {
  return (raw.startsWith(SAFE_FAVOURITE_PREFIX) || raw.startsWith(SAFE_ALL_PREFIX)) && !raw.includes('/');
}

/** A `fav_…` or `all_…` name to its tool; null when the name is of neither form. */
export function resolveSafe(raw: string, timestamp: number, ctx: NameContext): NameOutcome | null {
  if (!isSafeForm(raw)) return null;
  return raw.startsWith(SAFE_FAVOURITE_PREFIX) ? resolveSafeFavourite(raw, timestamp, ctx) : resolveSafeAll(raw, ctx.catalog);
}

function resolveSafeAll(raw: string, catalog: NameCatalog): NameOutcome {
  const hit = allIndex(catalog).get(raw);
  if (hit) return toolOutcome(hit, 'all');
  const hashed = parseHashed(raw);
  if (hashed) {
    const matches = catalogSafeTools(catalog).filter((t) => isHashedFrom(hashed, t.plain, t.canonical));
    const only = matches.length === 1 ? matches[0] : undefined;
    if (only) return toolOutcome(only.canonical, 'all');
    if (matches.length > 1) return unresolved(`'${raw}' is the shortened name of several tools: ${matches.map((m) => m.canonical).join(', ')}`);
    return unresolved(`'${raw}' is a shortened name, but no catalog tool starts with '${hashed.cut}' and has the hash ${hashed.hex}`);
  }
  return unresolved(`'${raw}' is no catalog tool's all_<server>_<tool> name`);
}

function resolveSafeFavourite(raw: string, timestamp: number, ctx: NameContext): NameOutcome {
  const inForce = ctx.favourites.at(timestamp);
  if (!inForce) return unresolved(`'${raw}': the project has no favourites history`);
  const hit = favouriteIndex(ctx.favourites, inForce).get(raw);
  if (hit) return toolOutcome(hit, 'favourite');
  const hashed = parseHashed(raw);
  if (hashed) {
    const matches = inForce.tools.filter((c) => safeFavouriteForms(c).some((plain) => isHashedFrom(hashed, plain, c)));
    const only = matches.length === 1 ? matches[0] : undefined;
    if (only !== undefined) return toolOutcome(only, 'favourite');
  }
  return unresolved(`'${raw}' was not a favourite in favourites version ${inForce.version}, in force at that time`);
}
