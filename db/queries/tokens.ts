import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { ApiError, projectNotFound } from '@/lib/errors';
import { MAX_ACTIVE_TOKENS, type CreateTokenInput, type TokenScope, type TokenView } from '@/lib/schemas/tokens';
import type { Db } from '../client';
import { projects, projectTokens } from '../schema';

export type TokenRow = typeof projectTokens.$inferSelect;

export function toTokenView(row: TokenRow): TokenView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as TokenScope[],
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

export function tokenNotFound(projectId: string, tokenId: string): ApiError {
  return new ApiError('TOKEN_NOT_FOUND', `project '${projectId}' has no token '${tokenId.slice(0, 100)}'`, {
    suggestedAction: 'list the tokens with GET /api/projects/:id/tokens',
    citedRule: '§auth',
  });
}

/** Store a new token by its hash; the caller made the secret and shows it once. */
export async function insertToken(db: Db, projectId: string, input: CreateTokenInput, secret: { id: string; prefix: string; hash: string }): Promise<TokenRow> {
  return db.transaction(async (tx) => {
    // The project row lock serialises concurrent creations, so the limit holds.
    const [project] = await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for('update');
    if (!project) throw projectNotFound(projectId);
    const [counted] = await tx
      .select({ active: count() })
      .from(projectTokens)
      .where(and(eq(projectTokens.projectId, projectId), isNull(projectTokens.revokedAt)));
    if (!counted) throw new Error('an aggregate without group by returns one row');
    const { active } = counted;
    if (active >= MAX_ACTIVE_TOKENS) {
      throw new ApiError('TOKEN_LIMIT_REACHED', `project '${projectId}' already has ${active} active tokens; the limit is ${MAX_ACTIVE_TOKENS}`, {
        suggestedAction: 'revoke tokens that are no longer used, then create the new one',
        citedRule: '§auth',
      });
    }
    const [row] = await tx
      .insert(projectTokens)
      .values({ id: secret.id, projectId, name: input.name, prefix: secret.prefix, hash: secret.hash, scopes: input.scopes })
      .returning();
    if (!row) throw new Error('insert … returning yields the inserted row');
    return row;
  });
}

export async function listTokens(db: Db, projectId: string): Promise<TokenRow[]> {
  return db.select().from(projectTokens).where(eq(projectTokens.projectId, projectId)).orderBy(asc(projectTokens.createdAt), asc(projectTokens.id));
}

export async function getToken(db: Db, projectId: string, tokenId: string): Promise<TokenRow> {
  const [row] = await db
    .select()
    .from(projectTokens)
    .where(and(eq(projectTokens.projectId, projectId), eq(projectTokens.id, tokenId)));
  if (!row) throw tokenNotFound(projectId, tokenId);
  return row;
}

/** Revoke a token; revoking it again keeps the first revocation time. */
export async function revokeToken(db: Db, projectId: string, tokenId: string): Promise<TokenRow> {
  const [row] = await db
    .update(projectTokens)
    .set({ revokedAt: sql`coalesce(${projectTokens.revokedAt}, now())` })
    .where(and(eq(projectTokens.projectId, projectId), eq(projectTokens.id, tokenId)))
    .returning();
  if (!row) throw tokenNotFound(projectId, tokenId);
  return row;
}

export async function findTokenByHash(db: Db, hash: string): Promise<TokenRow | null> {
  const [row] = await db.select().from(projectTokens).where(eq(projectTokens.hash, hash));
  return row ?? null;
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
