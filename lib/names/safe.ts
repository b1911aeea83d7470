import { canonical, splitCanonical, toolPart } from './canonical';
import type { FavouritesTimeline, FavouritesVersion } from './favourites-timeline';
import type { NameCatalog } from './name-catalog';
import { type NameContext, type NameOutcome, toolOutcome, unresolved } from './resolution';
import { isHashedFrom, MAX_SALT, parseHashed, SAFE_HASH_HEX, shortHash } from './safe-hash';
import { sanitisePart } from './sanitise';
import { typedKeeper } from './typed';
import { itemAt } from '@/lib/arrays';
import { kept } from '@/lib/kept';

/**
 * The `safe` naming scheme (§names): names every client and provider accepts.
 *
 * - a favourite is `fav_<tool>`, or `fav_<server>_<tool>` when another favourite's tool part
 *   sanitises to the same text; a catalog tool is `all_<server>_<tool>`;
 * - each part is sanitised as typed names are: characters outside `A–Z a–z 0–9 _ -` become `-`;
 * - parts are joined by a single `_`, never `__`: clients join their own prefix with `__`
 *   (`mcp__favindex__…`), and some split the name there again;
 * - a name longer than the budget (64 less the client prefix `mcp__<serverKey>__`), or one that
 *   another tool of the list already holds, is cut and ends in `-` and 8 hex digits of the
 *   SHA-256 of its canonical name (safe-hash.ts), so no tool is left out and the name still
 *   leads back to it.
 */
export const SAFE_FAVOURITE_PREFIX = 'fav_';
export const SAFE_ALL_PREFIX = 'all_';
const SUFFIX_LENGTH = 1 + SAFE_HASH_HEX;
export const MAX_PROVIDER_NAME_LENGTH = 64;

/** Room a presented name has once a client puts `mcp__<serverKey>__` in front of it. */
export function nameBudget(serverKey: string): number {
  return MAX_PROVIDER_NAME_LENGTH - `mcp__${serverKey}__`.length;
}

export function safeAllPlain(server: string, tool: string): string {
  return `${SAFE_ALL_PREFIX}${sanitisePart(server)}_${sanitisePart(tool)}`;
}

/** `fav_<tool>`, or `fav_<server>_<tool>` when another favourite's tool part sanitises alike. */
export function safeFavouritePlain(canonicalName: string, favourites: readonly string[]): string {
  const parts = splitCanonical(canonicalName);
  const tool = sanitisePart(parts ? parts.tool : toolPart(canonicalName));
  const clash = favourites.some((f) => f !== canonicalName && sanitisePart(toolPart(f)) === tool);
  return clash && parts ? `${SAFE_FAVOURITE_PREFIX}${sanitisePart(parts.server)}_${tool}` : `${SAFE_FAVOURITE_PREFIX}${tool}`;
}

/** The other form a favourite may have had: with the server when it had none, and the reverse. */
export function safeFavouriteForms(canonicalName: string): string[] {
  const parts = splitCanonical(canonicalName);
  if (!parts) return [];
  const tool = sanitisePart(parts.tool);
  return [`${SAFE_FAVOURITE_PREFIX}${tool}`, `${SAFE_FAVOURITE_PREFIX}${sanitisePart(parts.server)}_${tool}`];
}

export function hashedName(plain: string, canonicalName: string, budget: number, salt = 0): string {
  return `${plain.slice(0, Math.max(budget - SUFFIX_LENGTH, SAFE_ALL_PREFIX.length))}-${shortHash(canonicalName, salt)}`;
}

export interface SafeItem {
  plain: string;
  canonical: string;
  server: string;
  tool: string;
}

/**
 * The names of a list of tools, in its order. Of tools sharing a plain name, the one whose parts
 * needed no sanitising keeps it (as typed names do), else the first; it keeps it only if it fits
 * the budget. Every other tool gets its hashed name, salted until no name in the list repeats.
 */
export function assignSafeNames(items: readonly SafeItem[], budget: number): string[] {
  const groups = new Map<string, SafeItem[]>();
  for (const item of items) {
    const group = groups.get(item.plain);
    if (group) group.push(item);
    else groups.set(item.plain, [item]);
  }
  const keepers = new Set<SafeItem>();
  const taken = new Set<string>();
  for (const [plain, group] of groups) {
    if (plain.length > budget) continue;
    keepers.add(typedKeeper(group, (i) => i));
    taken.add(plain);
  }
  return items.map((item) => {
    if (keepers.has(item)) return item.plain;
    for (let salt = 0; ; salt++) {
      const name = hashedName(item.plain, item.canonical, budget, salt);
      if (!taken.has(name) || salt >= MAX_SALT) {
        taken.add(name);
        return name;
      }
    }
  });
}

export function isSafeForm(raw: string): boolean {
  return (raw.startsWith(SAFE_FAVOURITE_PREFIX) || raw.startsWith(SAFE_ALL_PREFIX)) && !raw.includes('/');
}

/** The namespace a name of this scheme counts in; null for a name of another scheme. */
export function safeNamespace(raw: string): 'favourite' | 'all' | null {
  if (!isSafeForm(raw)) return null;
  return raw.startsWith(SAFE_FAVOURITE_PREFIX) ? 'favourite' : 'all';
}

/**
 * A `fav_…` or `all_…` name (isSafeForm) back to its tool. The presented names are worked out
 * as the surface works them out, without a length budget: a name the budget cut ends in the hash
 * of its canonical name, which leads back to the tool whatever the client's server key was.
 */
export function resolveSafe(raw: string, timestamp: number, ctx: NameContext): NameOutcome {
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

/** Per catalog: the `all_` name of every tool, and the tools with their plain names, worked out once. */
interface SafeIndex {
  all: Map<string, string> | null;
  catalogTools: SafeItem[] | null;
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
export function catalogSafeTools(catalog: NameCatalog): readonly SafeItem[] {
  const index = indexOf(catalog);
  if (!index.catalogTools) {
    const tools: SafeItem[] = [];
    for (const [server, names] of catalog.tools) {
      for (const tool of names) tools.push({ server, tool, plain: safeAllPlain(server, tool), canonical: canonical(server, tool) });
    }
    index.catalogTools = tools;
  }
  return index.catalogTools;
}

function namesOf(items: readonly SafeItem[]): Map<string, string> {
  const names = assignSafeNames(items, Number.POSITIVE_INFINITY);
  const byName = new Map<string, string>();
  for (const [i, item] of items.entries()) {
    // assignSafeNames gives one name per item, in the items' order.
    byName.set(itemAt(names, i), item.canonical);
  }
  return byName;
}

function allIndex(catalog: NameCatalog): Map<string, string> {
  const index = indexOf(catalog);
  index.all ??= namesOf(catalogSafeTools(catalog));
  return index.all;
}

/** Favourite names per favourites version of a timeline. */
const favouriteIndexes = new WeakMap<FavouritesTimeline, Map<number, Map<string, string>>>();

function favouriteIndex(timeline: FavouritesTimeline, version: FavouritesVersion): Map<string, string> {
  return kept(
    kept(favouriteIndexes, timeline, () => new Map()),
    version.version,
    () => {
      const items: SafeItem[] = [];
      for (const c of version.tools) {
        const parts = splitCanonical(c);
        if (parts) items.push({ plain: safeFavouritePlain(c, version.tools), canonical: c, server: parts.server, tool: parts.tool });
      }
      return namesOf(items);
    },
  );
}
