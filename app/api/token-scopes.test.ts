import { describe, expect, it } from 'vitest';
import { api, expectEnvelope } from '@/test/api';
import { bearer, createToken, setupPasswordMode, withPassword } from '@/test/auth';
import { setupTestDatabase } from '@/test/database';
import { createTestProject, event, fixtureCatalog } from '@/test/fixtures';

/**
 * The chores a token can do in password mode (§auth) — what the `favindex` CLI and scripts
 * need — each behind its own scope, within the token's own project only.
 */
setupTestDatabase();
setupPasswordMode('token-scopes-password');

const asAdmin = <T>(run: () => Promise<T>) => withPassword(null, run);
const YAML = { 'content-type': 'application/yaml' };

function documentFor(name: string, tools: string[]): string {
  return `apiVersion: favindex/v1
kind: Project
metadata:
  name: ${name}
spec:
  favouriteIndex: {enabled: true, maxFavourites: 5, tools: [${tools.join(', ')}]}
  surface: {mode: favindex, target: openai}
`;
}

describe('project token scopes', () => {
  it('makes a proxy token (events:write, surface:read, catalog:write) when no scopes are named', async () => {
    const id = await asAdmin(() => createTestProject());
    const res = await asAdmin(() => api.post(`/api/projects/${id}/tokens`, { json: { name: 'proxy' } }));
    expect(res.body.scopes).toEqual(['events:write', 'surface:read', 'catalog:write']);
  });

  it('reads usage and suggestions with usage:read, and nothing else with it', async () => {
    const id = await asAdmin(() => createTestProject(['github']));
    const { token: events } = await asAdmin(() => createToken(id, ['events:write']));
    const sent = await api.post(`/api/projects/${id}/events`, {
      json: [event('e1', 'github/create_issue'), event('e2', 'github/create_issue')],
      headers: bearer(events),
    });
    expect(sent.body.accepted).toBe(2);
    const { token } = await asAdmin(() => createToken(id, ['usage:read']));
    const suggestions = await api.get(`/api/projects/${id}/suggestions?window=7d&top=3`, { headers: bearer(token) });
    expect(suggestions.status).toBe(200);
    expect(suggestions.body.suggested).toEqual([expect.objectContaining({ tool: 'github/create_issue', calls: 2, pinned: false })]);
    expect((await api.get(`/api/projects/${id}/usage?window=7d`, { headers: bearer(token) })).status).toBe(200);
    const denied = await api.get(`/api/projects/${id}/favourites`, { headers: bearer(token) });
    expectEnvelope(denied, 403, 'FORBIDDEN');
    expect(denied.body.message).toContain('config:read');
  });

  it('pins and unpins with favourites:write, recording the CLI in the history; config:read reads them but cannot write', async () => {
    const id = await asAdmin(() => createTestProject(['github']));
    const { token: writer } = await asAdmin(() => createToken(id, ['favourites:write']));
    const { token: reader } = await asAdmin(() => createToken(id, ['config:read']));
    const pinned = await api.post(`/api/projects/${id}/favourites/pin`, {
      json: { tool: 'github/create_issue' },
      headers: { ...bearer(writer), 'x-favindex-via': 'cli' },
    });
    expect(pinned.status).toBe(200);
    expect(pinned.body.tools).toEqual(['github/create_issue']);
    expectEnvelope(
      await api.post(`/api/projects/${id}/favourites/unpin`, { json: { tool: 'github/create_issue' }, headers: bearer(reader) }),
      403,
      'FORBIDDEN',
    );
    expect((await api.get(`/api/projects/${id}/favourites`, { headers: bearer(reader) })).body.tools).toEqual(['github/create_issue']);
    const history = await api.get(`/api/projects/${id}/favourites/history`, { headers: bearer(reader) });
    expect(history.body.changes[0]).toMatchObject({ via: 'cli', after: expect.objectContaining({ tools: ['github/create_issue'] }) });
    expect((await api.get(`/api/projects/${id}/yaml`, { headers: bearer(reader) })).text).toContain('github/create_issue');
    // Still project-bound, and never an admin endpoint.
    expectEnvelope(await api.get('/api/yaml', { headers: bearer(reader) }), 403, 'FORBIDDEN');
    expectEnvelope(await api.get(`/api/projects/${id}/tokens`, { headers: bearer(writer) }), 403, 'FORBIDDEN');
  });

  it('uploads a catalog with catalog:write, but cannot delete one', async () => {
    const id = await asAdmin(() => createTestProject());
    const { token } = await asAdmin(() => createToken(id, ['catalog:write']));
    const put = await api.put(`/api/projects/${id}/catalog/github`, { json: fixtureCatalog('github'), headers: bearer(token) });
    expect(put.status).toBe(201);
    expectEnvelope(await api.delete(`/api/projects/${id}/catalog/github`, { headers: bearer(token) }), 403, 'FORBIDDEN');
    expect((await asAdmin(() => api.get(`/api/projects/${id}/catalog`))).body.servers.map((s: { name: string }) => s.name)).toEqual(['github']);
  });

  it('notes on the token the scope it was last refused for, once a minute however often it retries, and at once for another scope', async () => {
    const id = await asAdmin(() => createTestProject());
    const { token, id: tokenId } = await asAdmin(() => createToken(id, ['events:write', 'surface:read']));
    const listed = async () => (await asAdmin(() => api.get(`/api/projects/${id}/tokens`))).body.tokens.find((t: { id: string }) => t.id === tokenId);
    expect((await listed()).refused).toBeNull();

    // A proxy with an old token uploads its catalog, and retries. It is told which token to make.
    const refused = await api.put(`/api/projects/${id}/catalog/github`, { json: fixtureCatalog('github'), headers: bearer(token) });
    expectEnvelope(refused, 403, 'FORBIDDEN');
    expect(refused.body.suggested_action).toContain('create a token for a proxy (events:write, surface:read, catalog:write)');
    const first = (await listed()).refused;
    expect(first).toEqual({ scope: 'catalog:write', at: expect.any(String) });
    for (let i = 0; i < 3; i++) {
      expectEnvelope(await api.put(`/api/projects/${id}/catalog/github`, { json: fixtureCatalog('github'), headers: bearer(token) }), 403, 'FORBIDDEN');
    }
    expect((await listed()).refused).toEqual(first);
    // Nothing was uploaded, and the token still does what it may.
    expect((await asAdmin(() => api.get(`/api/projects/${id}/catalog`))).body.servers).toEqual([]);
    expect((await api.get(`/api/projects/${id}/surface`, { headers: bearer(token) })).status).toBe(200);

    expectEnvelope(await api.get(`/api/projects/${id}/usage`, { headers: bearer(token) }), 403, 'FORBIDDEN');
    expect((await listed()).refused.scope).toBe('usage:read');
  });

  it('applies YAML to its own project with config:write, and refuses (403) any document naming another project, dry runs too, changing nothing', async () => {
    const own = await asAdmin(() => createTestProject(['github']));
    const other = await asAdmin(() => createTestProject(['github']));
    const { token } = await asAdmin(() => createToken(own, ['config:write']));
    const headers = { ...YAML, ...bearer(token) };
    const before = await asAdmin(async () => ({
      own: (await api.get(`/api/projects/${own}/yaml`)).text,
      other: (await api.get(`/api/projects/${other}/yaml`)).text,
    }));

    const mixed = `${documentFor(own, ['github/create_issue'])}---\n${documentFor(other, ['github/list_issues'])}`;
    for (const query of ['?dryRun=true', '']) {
      const refused = await api.post(`/api/yaml/apply${query}`, { body: mixed, headers });
      expectEnvelope(refused, 403, 'FORBIDDEN');
      expect(refused.body.message).toContain(`'${other}'`);
      expect(refused.body.details).toBeUndefined();
    }
    expectEnvelope(await api.post('/api/yaml/apply', { body: documentFor('brand-new-project', []), headers }), 403, 'FORBIDDEN');
    const after = await asAdmin(async () => ({
      own: (await api.get(`/api/projects/${own}/yaml`)).text,
      other: (await api.get(`/api/projects/${other}/yaml`)).text,
    }));
    expect(after).toEqual(before);
    expect((await asAdmin(() => api.get('/api/projects/brand-new-project'))).status).toBe(404);

    const applied = await api.post('/api/yaml/apply', { body: documentFor(own, ['github/create_issue']), headers });
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ applied: true, summary: { update: 1 } });
    expect((await asAdmin(() => api.get(`/api/projects/${own}/favourites`))).body.tools).toEqual(['github/create_issue']);
  });
});
