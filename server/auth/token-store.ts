import type { Db } from '@/db/client';
import { findTokenByHash, recordTokensUsed } from '@/db/queries/tokens';
import { hashToken, looksLikeToken } from '@/lib/auth/token-secret';
import { BoundedMap } from '@/lib/bounded-map';
import type { TokenScope } from '@/lib/schemas/tokens';

/** How long a verified token is trusted without asking the database again. A revocation in this process applies at once. */
const CACHE_MS = 5_000;
const CACHE_MAX = 10_000;
/** Last-used times are kept in memory and written at most this often (and on shutdown, and before a token list). */
const LAST_USED_FLUSH_MS = 60_000;

export interface KnownToken {
  id: string;
  projectId: string;
  scopes: TokenScope[];
  revoked: boolean;
}

/**
 * The process's view of project tokens: verifications cached briefly (a proxy polls many times
 * a second), and last-used times batched into one write a minute. Whatever revokes a token or
 * deletes a project calls `forget…` here, in the same function, so the next request sees it.
 */
export class TokenStore {
  private readonly verified = new BoundedMap<string, { token: KnownToken; until: number }>(CACHE_MAX);
  private readonly reads = new Map<string, Promise<KnownToken | null>>();
  private generation = 0;
  private used = new Map<string, Date>();
  private lastFlush = Date.now();
  private flushing: Promise<void> | null = null;

  constructor(private readonly db: Db) {}

  /** Look a presented secret up; null when no such token was ever issued. */
  async lookup(secret: string, now = Date.now()): Promise<KnownToken | null> {
    if (!looksLikeToken(secret)) return null;
    const hash = hashToken(secret);
    const cached = this.verified.get(hash);
    if (cached && cached.until > now) return cached.token;
    // When the entry expires, every request in flight with this token misses at once: they
    // share one read instead of queueing one each on the database.
    let read = this.reads.get(hash);
    if (!read) {
      read = this.read(hash, now).finally(() => this.reads.delete(hash));
      this.reads.set(hash, read);
    }
    return read;
  }

  private async read(hash: string, now: number): Promise<KnownToken | null> {
    const generation = this.generation;
    const row = await findTokenByHash(this.db, hash);
    if (!row) return null;
    const token: KnownToken = { id: row.id, projectId: row.projectId, scopes: row.scopes as TokenScope[], revoked: row.revokedAt !== null };
    // A read that began before a revocation must not put what it saw back in the cache.
    if (generation === this.generation) this.verified.set(hash, { token, until: now + CACHE_MS });
    return token;
  }

  private forgetReads(): void {
    this.generation++;
    this.reads.clear();
  }

  /** Forget cached verifications of these tokens, so a revocation applies to the very next request. */
  forgetTokens(tokenIds: readonly string[]): void {
    this.forgetReads();
    this.verified.deleteWhere((entry) => tokenIds.includes(entry.token.id));
  }

  /** Forget every cached token of a project (it was deleted). */
  forgetProject(projectId: string): void {
    this.forgetReads();
    this.verified.deleteWhere((entry) => entry.token.projectId === projectId);
  }

  /** Note a token's use in memory; the database hears of it in the next flush, not on this request. */
  noteUsed(tokenId: string, now = Date.now()): void {
    this.used.set(tokenId, new Date(now));
    if (now - this.lastFlush >= LAST_USED_FLUSH_MS && !this.flushing) {
      this.flush().catch((err: unknown) => console.error('[favindex] could not record token use', err));
    }
  }

  /** Write the pending last-used times. */
  async flush(): Promise<void> {
    if (this.flushing) await this.flushing;
    if (this.used.size === 0) return;
    const batch = this.used;
    this.used = new Map();
    this.lastFlush = Date.now();
    this.flushing = recordTokensUsed(this.db, batch)
      .catch((err: unknown) => {
        // Keep what failed for the next flush, unless a newer use replaced it.
        for (const [id, at] of batch) if (!this.used.has(id)) this.used.set(id, at);
        throw err;
      })
      .finally(() => {
        this.flushing = null;
      });
    await this.flushing;
  }
}
