import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { TokenView } from '@/lib/contracts/tokens';
import type { CreateTokenInput, TokenScope } from '@/lib/schemas/tokens';
import type { Db } from '@/db/client';
import { projectTokens } from '@/db/schema';
import { firstOrNull } from '@/db/sql';

export type TokenRow = typeof projectTokens.$inferSelect;

export function toTokenView(row: TokenRow): TokenView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    // Sound: scopes are written only from the token contract's enum.
    scopes: row.scopes as TokenScope[],
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    // Sound: scopes are written only from the token contract's enum.
    refused: row.refusedScope && row.refusedAt ? { scope: row.refusedScope as TokenScope, at: row.refusedAt.toISOString() } : null,
  };
}

/** How many unrevoked tokens a project has. */
export async function countActiveTokens(db: Db, projectId: string): Promise<number> {
  const [counted] = await db
    .select({ active: count() })
    .from(projectTokens)
    .where(and(eq(projectTokens.projectId, projectId), isNull(projectTokens.revokedAt)));
  return counted?.active ?? 0;
}

/** Store a new token by its hash; the caller made the secret and shows it once. */
export async function insertToken(db: Db, projectId: string, input: CreateTokenInput, secret: { id: string; prefix: string; hash: string }): Promise<TokenRow> {
  const [row] = await db
    .insert(projectTokens)
    .values({ id: secret.id, projectId, name: input.name, prefix: secret.prefix, hash: secret.hash, scopes: input.scopes })
    .returning();
  if (!row) throw new Error('insert … returning yields the inserted row');
  return row;
}

/** The project's live token of this name, if it has one (a name belongs to one live token). */
export async function findLiveTokenNamed(db: Db, projectId: string, name: string): Promise<TokenRow | null> {
  const row = await db.query.projectTokens.findFirst({
    where: and(eq(projectTokens.projectId, projectId), eq(projectTokens.name, name), isNull(projectTokens.revokedAt)),
  });
  return row ?? null;
}

export async function listTokens(db: Db, projectId: string): Promise<TokenRow[]> {
  return db.select().from(projectTokens).where(eq(projectTokens.projectId, projectId)).orderBy(asc(projectTokens.createdAt), asc(projectTokens.id));
}

export async function findToken(db: Db, projectId: string, tokenId: string): Promise<TokenRow | null> {
  const row = await db.query.projectTokens.findFirst({ where: and(eq(projectTokens.projectId, projectId), eq(projectTokens.id, tokenId)) });
  return row ?? null;
}

/** Revoke a token; revoking it again keeps the first revocation time. Null when there is no such token. */
export async function revokeToken(db: Db, projectId: string, tokenId: string): Promise<TokenRow | null> {
  return firstOrNull(
    db
      .update(projectTokens)
      .set({ revokedAt: sql`coalesce(${projectTokens.revokedAt}, now())` })
      .where(and(eq(projectTokens.projectId, projectId), eq(projectTokens.id, tokenId)))
      .returning(),
  );
}

/** The token-by-hash query with the hash as a placeholder, so the hot path of every token request can prepare it once. */
export function tokenByHashQuery(db: Db) {
  return db
    .select({
      id: projectTokens.id,
      projectId: projectTokens.projectId,
      name: projectTokens.name,
      scopes: projectTokens.scopes,
      revokedAt: projectTokens.revokedAt,
    })
    .from(projectTokens)
    .where(eq(projectTokens.hash, sql.placeholder('hash')));
}

export type PreparedTokenByHash = ReturnType<ReturnType<typeof tokenByHashQuery>['prepare']>;

export async function readTokenByHash(
  query: PreparedTokenByHash,
  hash: string,
): Promise<Pick<TokenRow, 'id' | 'projectId' | 'name' | 'scopes' | 'revokedAt'> | null> {
  return firstOrNull(query.execute({ hash }));
}

/** Write many last-used times in one statement; a time never moves backwards. */
export async function recordTokensUsed(db: Db, used: ReadonlyMap<string, Date>): Promise<void> {
  if (used.size === 0) return;
  const records = JSON.stringify([...used].map(([id, at]) => ({ id, at: at.toISOString() })));
  await db.execute(sql`
    update project_tokens t set last_used_at = greatest(t.last_used_at, v.at)
    from jsonb_to_recordset(${records}::jsonb) as v(id text, at timestamptz)
    where t.id = v.id`);
}

/** Note the scope a token was last refused for; an older refusal never replaces a newer one. */
export async function recordTokenRefused(db: Db, tokenId: string, scope: TokenScope, at: Date): Promise<void> {
  await db
    .update(projectTokens)
    .set({ refusedScope: scope, refusedAt: at })
    .where(and(eq(projectTokens.id, tokenId), sql`(${projectTokens.refusedAt} is null or ${projectTokens.refusedAt} <= ${at.toISOString()})`));
}
