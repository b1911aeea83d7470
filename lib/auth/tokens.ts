import { randomBytes } from 'node:crypto';
import type { Db } from '@/db/client';
import { findTokenByHash, recordTokensUsed } from '@/db/queries/tokens';
import type { TokenScope } from '@/lib/schemas/tokens';
import { randomToken, sha256Hex } from './secrets';

const TOKEN_PREFIX = 'fvx_';
const TOKEN_RE = /^fvx_[A-Za-z0-9_-]{43}$/;
/** How long a verified token is trusted without asking the database again. A revocation in this process applies at once. */
const CACHE_MS = 5_000;
const CACHE_MAX = 10_000;
/** Last-used times are kept in memory and written at most this often (and on shutdown, and before a token list). */
const LAST_USED_FLUSH_MS = 60_000;

export function hashToken(secret: string): string {
  return sha256Hex(secret);
}

/** A new project token: 256 random bits. Only its hash is stored; `prefix` identifies it in lists. */
export function newTokenSecret(): { id: string; secret: string; prefix: string; hash: string } {
  const secret = `${TOKEN_PREFIX}${randomToken(32)}`;
  return { id: `tok_${randomBytes(9).toString('base64url')}`, secret, prefix: secret.slice(0, 12), hash: hashToken(secret) };
}

/** The bearer token of a request; null when it carries none. */
export function bearerToken(req: Request): string | null {
  const header = req.headers.get('authorization');
  if (!header) return null;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return match?.[1] ?? null;
}

export interface KnownToken {
  id: string;
  projectId: string;
  scopes: TokenScope[];
  revoked: boolean;
}

interface TokenState {
  cache: Map<string, { token: KnownToken; until: number }>;
  used: Map<string, Date>;
  lastFlush: number;
  flushing: Promise<void> | null;
}

// Route bundles and the custom server are separate module graphs: keep the state on globalThis.
const STATE_KEY = Symbol.for('favindex.tokenState');
const states: WeakMap<Db, TokenState> = ((globalThis as Record<symbol, unknown>)[STATE_KEY] as WeakMap<Db, TokenState>) ?? new WeakMap();
(globalThis as Record<symbol, unknown>)[STATE_KEY] = states;

function stateOf(db: Db): TokenState {
  let state = states.get(db);
  if (!state) {
    state = { cache: new Map(), used: new Map(), lastFlush: Date.now(), flushing: null };
    states.set(db, state);
  }
  return state;
}

/** Look a presented secret up; null when no such token was ever issued. */
export async function lookupToken(db: Db, secret: string, now = Date.now()): Promise<KnownToken | null> {
  if (!TOKEN_RE.test(secret)) return null;
  const hash = hashToken(secret);
  const state = stateOf(db);
  const cached = state.cache.get(hash);
  if (cached && cached.until > now) return cached.token;
  const row = await findTokenByHash(db, hash);
  if (!row) return null;
  const token: KnownToken = { id: row.id, projectId: row.projectId, scopes: row.scopes as TokenScope[], revoked: row.revokedAt !== null };
  if (state.cache.size >= CACHE_MAX) state.cache.clear();
  state.cache.set(hash, { token, until: now + CACHE_MS });
  return token;
}

/** Forget cached verifications, so a revocation applies to the very next request. */
export function forgetTokens(db: Db, tokenIds: readonly string[]): void {
  const state = stateOf(db);
  for (const [hash, entry] of state.cache) if (tokenIds.includes(entry.token.id)) state.cache.delete(hash);
}

/** Note a token's use in memory; the database hears of it in the next flush, not on this request. */
export function noteTokenUsed(db: Db, tokenId: string, now = Date.now()): void {
  const state = stateOf(db);
  state.used.set(tokenId, new Date(now));
  if (now - state.lastFlush >= LAST_USED_FLUSH_MS && !state.flushing) {
    flushTokenUse(db).catch((err: unknown) => console.error('[favindex] could not record token use', err));
  }
}

/** Write the pending last-used times. */
export async function flushTokenUse(db: Db): Promise<void> {
  const state = stateOf(db);
  if (state.flushing) await state.flushing;
  if (state.used.size === 0) return;
  const batch = state.used;
  state.used = new Map();
  state.lastFlush = Date.now();
  state.flushing = recordTokensUsed(db, batch)
    .catch((err: unknown) => {
      // Keep what failed for the next flush, unless a newer use replaced it.
      for (const [id, at] of batch) if (!state.used.has(id)) state.used.set(id, at);
      throw err;
    })
    .finally(() => {
      state.flushing = null;
    });
  await state.flushing;
}
