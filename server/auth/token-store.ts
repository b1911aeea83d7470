import type { ChangeSignal } from '@/db/change-signal';
import type { Db } from '@/db/client';
import { type PreparedTokenByHash, readTokenByHash, recordTokenRefused, recordTokensUsed, tokenByHashQuery } from '@/db/queries/tokens';
import { hashToken, looksLikeToken } from '@/lib/auth/token-secret';
import type { TokenScope } from '@/lib/schemas/tokens';
import { CachedRead } from '@/server/surface/cached-read';
import { log } from '@/server/log';

/** Last-used times are kept in memory and written at most this often (and on shutdown, and before a token list). */
const LAST_USED_FLUSH_MS = 60_000;
/** A refused token is noted at most this often (unless for another scope): a proxy retrying a refused upload costs no write per try. */
export const REFUSAL_RECORD_MS = 60_000;

export interface KnownToken {
  id: string;
  projectId: string;
  /** The token's name: its identity in the project's tool policy (§policy). */
  name: string;
  scopes: TokenScope[];
  revoked: boolean;
}

/**
 * The process's view of project tokens. Every request asks the database (one prepared query
 * by the hash's unique index, shared by the requests of one event-loop turn that present the
 * same token), never a cache kept across changes: several processes may share one PostgreSQL,
 * and a token revoked, or deleted with its project, by any of them must stop working on the very
 * next request everywhere. On PGlite, which one process holds, an answer is kept until a token
 * (or a surface) changes: a trigger notifies it (CachedRead). Last-used times are batched into
 * one write a minute.
 */
export class TokenStore {
  private used = new Map<string, Date>();
  private refusals = new Map<string, { scope: TokenScope; at: number }>();
  private lastFlush = Date.now();
  private flushing: Promise<void> | null = null;
  private byHash: PreparedTokenByHash | null = null;
  private readonly reads: CachedRead<string, KnownToken | null>;

  /** `changes` keeps answers (PGlite). */
  constructor(
    private readonly db: Db,
    changes?: ChangeSignal,
  ) {
    this.reads = new CachedRead((hash) => this.read(hash), changes);
  }

  private async read(hash: string): Promise<KnownToken | null> {
    this.byHash ??= tokenByHashQuery(this.db).prepare('favindex_token_by_hash');
    const row = await readTokenByHash(this.byHash, hash);
    if (!row) return null;
    // Sound: scopes are written only from the token contract's enum.
    return { id: row.id, projectId: row.projectId, name: row.name, scopes: row.scopes as TokenScope[], revoked: row.revokedAt !== null };
  }

  /** Look a presented secret up; null when no such token exists (never issued, or deleted with its project). */
  async lookup(secret: string): Promise<KnownToken | null> {
    if (!looksLikeToken(secret)) return null;
    return this.reads.get(hashToken(secret));
  }

  /** Note a token's use in memory; the database hears of it in the next flush, not on this request. */
  noteUsed(tokenId: string, now = Date.now()): void {
    this.used.set(tokenId, new Date(now));
    if (now - this.lastFlush >= LAST_USED_FLUSH_MS && !this.flushing) {
      this.flush().catch((err: unknown) => log.error('could not record token use', { err }));
    }
  }

  /**
   * Note that a token was refused for a scope it lacks, for the dashboard to show. Written at once
   * (the next token list must show it), but at most once a minute per token and scope in this process.
   * A failed write is logged, never the caller's error: the 403 it explains goes out regardless.
   */
  async noteRefused(tokenId: string, scope: TokenScope, now = Date.now()): Promise<void> {
    const last = this.refusals.get(tokenId);
    if (last && last.scope === scope && now - last.at < REFUSAL_RECORD_MS) return;
    this.refusals.set(tokenId, { scope, at: now });
    // One entry per refused token; a store that has seen very many keeps only the recent ones.
    if (this.refusals.size > 10_000) this.refusals.delete(this.refusals.keys().next().value ?? tokenId);
    await recordTokenRefused(this.db, tokenId, scope, new Date(now)).catch((err: unknown) => {
      this.refusals.delete(tokenId);
      log.error('could not record a refused token', { err });
    });
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
