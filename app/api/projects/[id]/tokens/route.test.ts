import { MAX_ACTIVE_TOKENS } from '@/lib/limits';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '@/db/sql';
import { hashToken } from '@/lib/auth/token-secret';
import { api, expectEnvelope, ndjson } from '@/test/api';
import { adminHeaders, bearer, createToken, login, withPassword } from '@/test/auth';
import { setupTestDatabase } from '@/test/database';
import { createTestProject, event, storedEventCount } from '@/test/fixtures';
import { createAppContext } from '@/server/context';

const t = setupTestDatabase();
const PASSWORD = 'tokens-test-password';
const NDJSON = { 'content-type': 'application/x-ndjson' };

async function tokenRows(projectId: string) {
  return queryRows<Record<string, unknown>>(t.db, sql`select * from project_tokens where project_id = ${projectId} order by created_at`);
}

const storedEvents = (projectId: string) => storedEventCount(t.db, projectId);

describe('project tokens API', () => {
  it('shows the secret once, stores only its hash, and lists prefix, scopes and times', async () => {
    const id = await createTestProject();
    const created = await api.post(`/api/projects/${id}/tokens`, { json: { name: 'claude-code proxy', scopes: ['events:write'] } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'claude-code proxy', scopes: ['events:write'], lastUsedAt: null, revokedAt: null });
    const secret: string = created.body.token;
    expect(secret).toMatch(/^fvx_[\w-]{43}$/);
    expect(created.body.prefix).toBe(secret.slice(0, 12));

    const list = await api.get(`/api/projects/${id}/tokens`);
    expect(list.body.tokens).toEqual([
      {
        id: created.body.id,
        name: 'claude-code proxy',
        prefix: secret.slice(0, 12),
        scopes: ['events:write'],
        createdAt: created.body.createdAt,
        lastUsedAt: null,
        revokedAt: null,
        refused: null,
      },
    ]);
    expect(list.text).not.toContain(secret);
    expect((await api.get(`/api/projects/${id}/tokens/${created.body.id}`)).text).not.toContain(secret);

    const [row] = await tokenRows(id);
    if (!row) throw new Error('the token just created has no row');
    expect(row.hash).toBe(hashToken(secret));
    expect(JSON.stringify(row)).not.toContain(secret.slice(12));
  });

  it('refuses bad token requests with the envelope and creates nothing', async () => {
    const id = await createTestProject();
    expectEnvelope(await api.post(`/api/projects/${id}/tokens`, { json: { name: 'x', scopes: ['admin'] } }), 422, 'VALIDATION_FAILED');
    expectEnvelope(await api.post(`/api/projects/${id}/tokens`, { json: { name: '  ', scopes: ['events:write'] } }), 422, 'VALIDATION_FAILED');
    expectEnvelope(await api.post(`/api/projects/${id}/tokens`, { json: { name: 'x', scopes: [] } }), 422, 'VALIDATION_FAILED');
    expectEnvelope(await api.post(`/api/projects/${id}/tokens`, { json: { name: 'x', scopes: ['events:write', 'events:write'] } }), 422, 'VALIDATION_FAILED');
    expectEnvelope(await api.post(`/api/projects/${id}/tokens`, { json: { name: 'n'.repeat(101) } }), 422, 'VALIDATION_FAILED');
    expectEnvelope(await api.post(`/api/projects/${id}/tokens`, { json: { name: 'x\u0000y' } }), 422, 'VALIDATION_FAILED');
    expectEnvelope(await api.post(`/api/projects/${id}/tokens`, { body: 'name=x', headers: { 'content-type': 'text/plain' } }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectEnvelope(await api.post('/api/projects/ghost/tokens', { json: { name: 'x' } }), 404, 'PROJECT_NOT_FOUND');
    expect(await tokenRows(id)).toEqual([]);
    // A proxy's scopes when none are named.
    expect((await api.post(`/api/projects/${id}/tokens`, { json: { name: 'default' } })).body.scopes).toEqual([
      'events:write',
      'surface:read',
      'catalog:write',
    ]);
  });

  // Issue 46: a second token of one name made two tokens one name in every list, event and rule.
  it("refuses a second live token of a name with the envelope and loses nothing; a revoked token's name may be taken again", async () => {
    const id = await createTestProject();
    const first = await api.post(`/api/projects/${id}/tokens`, { json: { name: 'ci' } });
    expect(first.status).toBe(201);
    const [again, atOnce] = await Promise.all([
      api.post(`/api/projects/${id}/tokens`, { json: { name: 'ci', scopes: ['usage:read'] } }),
      api.post(`/api/projects/${id}/tokens`, { json: { name: ' ci ' } }),
    ]);
    for (const refused of [again, atOnce]) {
      expectEnvelope(refused, 409, 'TOKEN_NAME_TAKEN');
      expect(refused.body.message).toContain("already has a live token named 'ci'");
      expect(refused.body.suggested_action).toContain('revoke the other token first');
      expect(refused.text).not.toMatch(/fvx_/);
    }
    // The first is untouched and still works; no second row was written.
    expect((await tokenRows(id)).map((r) => [r.id, r.name, r.revoked_at])).toEqual([[first.body.id, 'ci', null]]);
    expect((await api.get(`/api/projects/${id}/surface`, { headers: bearer(first.body.token) })).status).toBe(200);
    // The database holds it too, whatever writes (§auth).
    await expect(
      t.db.execute(sql`insert into project_tokens (id, project_id, name, prefix, hash, scopes) values ('tok_twin', ${id}, 'ci', 'fvx_twin', 'twin', '[]')`),
    ).rejects.toThrow();
    expect(await tokenRows(id)).toHaveLength(1);

    await api.delete(`/api/projects/${id}/tokens/${first.body.id}`);
    const rotated = await api.post(`/api/projects/${id}/tokens`, { json: { name: 'ci' } });
    expect(rotated.status).toBe(201);
    expect(
      (await api.get(`/api/projects/${id}/tokens`)).body.tokens.map((tk: { name: string; revokedAt: string | null }) => [tk.name, tk.revokedAt === null]),
    ).toEqual([
      ['ci', false],
      ['ci', true],
    ]);
  });

  it(`holds at most ${MAX_ACTIVE_TOKENS} active tokens per project; revoked ones do not count`, async () => {
    const id = await createTestProject();
    const made = await Promise.all(Array.from({ length: MAX_ACTIVE_TOKENS }, () => createToken(id)));
    expectEnvelope(await api.post(`/api/projects/${id}/tokens`, { json: { name: 'one too many' } }), 409, 'TOKEN_LIMIT_REACHED');
    expect(await tokenRows(id)).toHaveLength(MAX_ACTIVE_TOKENS);
    await api.delete(`/api/projects/${id}/tokens/${made[0]!.id}`);
    expect((await api.post(`/api/projects/${id}/tokens`, { json: { name: 'replacement' } })).status).toBe(201);
  });

  it('revokes at once: the next request with the token is refused, and the token stays listed', async () => {
    await withPassword(PASSWORD, async () => {
      const cookie = await login(PASSWORD);
      const admin = adminHeaders(cookie);
      const id = await withPassword(null, () => createTestProject(['github']));
      const { id: tokenId, token } = await createToken(id, ['events:write'], admin);
      const send = (eventId: string) =>
        api.post(`/api/projects/${id}/events`, { body: ndjson([event(eventId, 'github/list_issues')]), headers: { ...NDJSON, ...bearer(token) } });
      expect((await send('e1')).body).toMatchObject({ accepted: 1 });

      const revoked = await api.delete(`/api/projects/${id}/tokens/${tokenId}`, { headers: admin });
      expect(revoked.status).toBe(200);
      expect(revoked.body.revokedAt).toEqual(expect.any(String));
      const refused = await send('e2');
      expectEnvelope(refused, 401, 'UNAUTHORIZED');
      expect(refused.body.message).toMatch(/revoked/);
      expect(await storedEvents(id)).toBe(1);

      const again = await api.delete(`/api/projects/${id}/tokens/${tokenId}`, { headers: admin });
      expect(again.body.revokedAt).toBe(revoked.body.revokedAt);
      const list = await api.get(`/api/projects/${id}/tokens`, { headers: admin });
      expect(list.body.tokens).toMatchObject([{ id: tokenId, revokedAt: revoked.body.revokedAt }]);
    });
  });

  it("revokes only through the token's own project", async () => {
    const a = await createTestProject();
    const b = await createTestProject();
    const { id: tokenOfB } = await createToken(b);
    expectEnvelope(await api.delete(`/api/projects/${a}/tokens/${tokenOfB}`), 404, 'TOKEN_NOT_FOUND');
    expectEnvelope(await api.get(`/api/projects/${a}/tokens/${tokenOfB}`), 404, 'TOKEN_NOT_FOUND');
    expect((await api.get(`/api/projects/${b}/tokens/${tokenOfB}`)).body.revokedAt).toBeNull();
  });

  it('keeps last-used in memory on the hot path and shows it in the list', async () => {
    await withPassword(PASSWORD, async () => {
      const admin = adminHeaders(await login(PASSWORD));
      const id = await withPassword(null, () => createTestProject(['github']));
      const { id: tokenId, token } = await createToken(id, ['events:write'], admin);
      const before = Date.now();
      for (let i = 0; i < 5; i++) {
        const res = await api.post(`/api/projects/${id}/events`, {
          body: ndjson([event(`u${i}`, 'github/list_issues')]),
          headers: { ...NDJSON, ...bearer(token) },
        });
        expect(res.status).toBe(200);
      }
      // Five authenticated requests, no write to the token row.
      const [row] = await tokenRows(id);
      if (!row) throw new Error('the token just created has no row');
      expect(row.last_used_at).toBeNull();

      const list = await api.get(`/api/projects/${id}/tokens`, { headers: admin });
      const lastUsed = Date.parse(list.body.tokens[0].lastUsedAt);
      expect(lastUsed).toBeGreaterThanOrEqual(before - 1000);
      expect(lastUsed).toBeLessThanOrEqual(Date.now());
      const [stored] = await tokenRows(id);
      if (!stored) throw new Error('the token just created has no row');
      expect(stored.last_used_at).not.toBeNull();
      expect(list.body.tokens[0].id).toBe(tokenId);
    });
  });

  it('deletes the tokens with their project', async () => {
    const id = await createTestProject();
    const { token } = await createToken(id);
    expect((await api.delete(`/api/projects/${id}`)).status).toBe(204);
    expect(await tokenRows(id)).toEqual([]);
    // A token of a deleted project opens nothing, whatever the cache still holds.
    const res = await api.post(`/api/projects/${id}/events`, { json: [event('late', 'x')], headers: bearer(token) });
    expect([401, 404]).toContain(res.status);
  });

  it("drops a deleted project's tokens at once: a re-created project of the same id refuses them, here and in another process", async () => {
    const id = await createTestProject();
    const { token } = await createToken(id, ['events:write', 'surface:read']);
    const other = createAppContext(t.database);
    // Both processes have just accepted the token: anything they keep of it is warm.
    expect((await api.get(`/api/projects/${id}/surface`, { headers: bearer(token) })).status).toBe(200);
    expect(await other.tokens.lookup(token)).toMatchObject({ projectId: id, revoked: false });

    expect((await api.delete(`/api/projects/${id}`)).status).toBe(204);
    expect((await api.post('/api/projects', { json: { id } })).status).toBe(201);

    expectEnvelope(await api.get(`/api/projects/${id}/surface`, { headers: bearer(token) }), 401, 'UNAUTHORIZED');
    const sent = await api.post(`/api/projects/${id}/events`, {
      body: ndjson([event('e-gone', 'github/create_issue')]),
      headers: { ...NDJSON, ...bearer(token) },
    });
    expectEnvelope(sent, 401, 'UNAUTHORIZED');
    expect(await storedEvents(id)).toBe(0);
    expect(await other.tokens.lookup(token)).toBeNull();
  });

  it('revokes a token in every process sharing the database on their next request', async () => {
    const id = await createTestProject();
    const created = await createToken(id, ['surface:read']);
    const other = createAppContext(t.database);
    expect(await other.tokens.lookup(created.token)).toMatchObject({ revoked: false });
    expect((await api.delete(`/api/projects/${id}/tokens/${created.id}`)).status).toBe(200);
    expect(await other.tokens.lookup(created.token)).toMatchObject({ revoked: true });
  });
});
