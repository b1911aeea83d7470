import { createHash } from 'node:crypto';

/**
 * The hash that ends a shortened name of the safe scheme (§names): `-` and 8 hex digits of the
 * SHA-256 of the tool's canonical name, salted again after a collision. It leads a name the
 * budget cut back to its tool.
 */
export const SAFE_HASH_HEX = 8;
const HASHED_RE = new RegExp(`^(.+)-([0-9a-f]{${SAFE_HASH_HEX}})$`);
/** Names that collide again after hashing are hashed with a salt; three tries is far past any real catalog. */
export const MAX_SALT = 3;

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

/** A presented name split into the plain text it was cut from and its hash, when it has one. */
export function parseHashed(name: string): { cut: string; hex: string } | null {
  const [, cut, hex] = HASHED_RE.exec(name) ?? [];
  return cut !== undefined && hex !== undefined ? { cut, hex } : null;
}

/** Whether `name` is `plain` cut and hashed for this canonical name (with any salt). */
export function isHashedFrom(name: { cut: string; hex: string }, plain: string, canonicalName: string): boolean {
  if (!plain.startsWith(name.cut)) return false;
  for (let salt = 0; salt <= MAX_SALT; salt++) if (shortHash(canonicalName, salt) === name.hex) return true;
  return false;
}
