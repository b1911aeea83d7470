import { createHash } from 'node:crypto';
import { splitCanonical, toolPart } from './canonical';
import { sanitisePart } from './sanitise';
import { typedKeeper } from './typed-keeper';

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
 *   SHA-256 of its canonical name, so no tool is left out and the name still leads back to it.
 */
export const SAFE_FAVOURITE_PREFIX = 'fav_';
export const SAFE_ALL_PREFIX = 'all_';
export const SAFE_HASH_HEX = 8;
const SUFFIX_LENGTH = 1 + SAFE_HASH_HEX;
export const MAX_PROVIDER_NAME_LENGTH = 64;
const HASHED_RE = new RegExp(`^(.+)-([0-9a-f]{${SAFE_HASH_HEX}})$`);
/** Names that collide again after hashing are hashed with a salt; three tries is far past any real catalog. */
export const MAX_SALT = 3;

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

const hashes = new Map<string, string>();
const MAX_CACHED_HASHES = 50_000;

/** 8 hex digits of SHA-256 over the canonical name (and a salt after a collision). */
export function shortHash(canonicalName: string, salt = 0): string {
  const key = salt === 0 ? canonicalName : `${canonicalName}\n${salt}`;
  const hit = hashes.get(key);
  if (hit) return hit;
  const hex = createHash('sha256').update(key).digest('hex').slice(0, SAFE_HASH_HEX);
  if (hashes.size >= MAX_CACHED_HASHES) hashes.clear();
  hashes.set(key, hex);
  return hex;
}

export function hashedName(plain: string, canonicalName: string, budget: number, salt = 0): string {
  return `${plain.slice(0, Math.max(budget - SUFFIX_LENGTH, SAFE_ALL_PREFIX.length))}-${shortHash(canonicalName, salt)}`;
}

/** A presented name split into the plain text it was cut from and its hash, when it has one. */
export function parseHashed(name: string): { cut: string; hex: string } | null {
  const match = HASHED_RE.exec(name);
  return match ? { cut: match[1]!, hex: match[2]! } : null;
}

/** Whether `name` is `plain` cut and hashed for this canonical name (with any salt). */
export function isHashedFrom(name: { cut: string; hex: string }, plain: string, canonicalName: string): boolean {
  if (!plain.startsWith(name.cut)) return false;
  for (let salt = 0; salt <= MAX_SALT; salt++) if (shortHash(canonicalName, salt) === name.hex) return true;
  return false;
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
