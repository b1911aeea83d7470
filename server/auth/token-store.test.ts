import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { projectTokens } from '@/db/schema';
import { createToken } from '@/server/tokens/tokens';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';
import { REFUSAL_RECORD_MS, TokenStore } from './token-store';

const ctx = setupTestDatabase();

/** Counts the refusal writes a store sends, by watching the row's refused_at move. */
async function refusal(tokenId: string) {
  const [row] = await ctx.db
    .select({ scope: projectTokens.refusedScope, at: projectTokens.refusedAt })
    .from(projectTokens)
    .where(eq(projectTokens.id, tokenId));
  return row;
}

describe('TokenStore.noteRefused', () => {
  it('writes a refusal at most once a minute per token and scope, at once for another scope, and never moves it back', async () => {
    const id = await createTestProject();
    const { id: tokenId } = await createToken(ctx.app, id, { name: 'old proxy', scopes: ['events:write'] });
    const store = new TokenStore(ctx.db);
    const t0 = Date.parse('2026-12-01T10:00:00Z');

    await store.noteRefused(tokenId, 'catalog:write', t0);
    expect(await refusal(tokenId)).toEqual({ scope: 'catalog:write', at: new Date(t0) });
    // A proxy retrying every second for most of a minute: no write.
    for (let s = 1; s < REFUSAL_RECORD_MS / 1000; s += 7) await store.noteRefused(tokenId, 'catalog:write', t0 + s * 1000);
    expect(await refusal(tokenId)).toEqual({ scope: 'catalog:write', at: new Date(t0) });
    await store.noteRefused(tokenId, 'catalog:write', t0 + REFUSAL_RECORD_MS);
    expect(await refusal(tokenId)).toEqual({ scope: 'catalog:write', at: new Date(t0 + REFUSAL_RECORD_MS) });
    // Another scope is news: written at once.
    await store.noteRefused(tokenId, 'surface:read', t0 + REFUSAL_RECORD_MS + 1);
    expect(await refusal(tokenId)).toEqual({ scope: 'surface:read', at: new Date(t0 + REFUSAL_RECORD_MS + 1) });
    // Another process's older news does not replace it.
    await new TokenStore(ctx.db).noteRefused(tokenId, 'catalog:write', t0);
    expect(await refusal(tokenId)).toEqual({ scope: 'surface:read', at: new Date(t0 + REFUSAL_RECORD_MS + 1) });
  });

  it('is no error for a token deleted meanwhile', async () => {
    await expect(new TokenStore(ctx.db).noteRefused('tok_gone', 'catalog:write')).resolves.toBeUndefined();
  });
});
