import { describe, expect, it } from 'vitest';
import type { ImpactReport } from '@/lib/contracts/impact';
import { DEFERRED_INSTRUCTION } from '@/lib/schemas/surface-config';
import { writeFavourites } from '@/server/favourites/favourites';
import { api, expectEnvelope } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject, fixtureCatalog } from '@/test/fixtures';

const database = setupTestDatabase();

async function surface(id: string, query = '', headers: Record<string, string> = {}) {
  return api.get(`/api/projects/${id}/surface${query}`, { headers });
}

describe('GET /api/projects/:id/surface', () => {
  it('gives a proxy the project, mode, naming, limits, favourites, name map and instruction', async () => {
    const id = await createTestProject(['github', 'gitlab']);
    await writeFavourites(
      database.db,
      id,
      { enabled: true, maxFavourites: 15, tools: ['github/create_issue', 'gitlab/create_issue', 'github/search_code'] },
      { via: 'api' },
    );
    const res = await surface(id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.body).toMatchObject({
      project: id,
      version: { catalog: 2, favourites: 2 },
      mode: 'favindex',
      target: 'openai',
      // A new project names its tools safely, for clients that give it the key favindex.
      naming: 'safe',
      serverKey: 'favindex',
      limits: { maxToolsPerRequest: 120, maxActivatedToolsPerSession: 40, maxPinnedServers: 3, retrieveK: 10 },
      favouriteIndex: { enabled: true, maxFavourites: 15, tools: ['github/create_issue', 'gitlab/create_issue', 'github/search_code'] },
      metaTools: [],
    });
    expect(res.body.instruction).toBe(
      'Prefer the fav_ tools: they are the ones this project uses most. Use all_<server>_<tool> only when no favourite fits the task.',
    );
    const names = Object.entries(res.body.names as Record<string, string>);
    expect(names.slice(0, 3)).toEqual([
      ['fav_github_create_issue', 'github/create_issue'],
      ['fav_gitlab_create_issue', 'gitlab/create_issue'],
      ['fav_search_code', 'github/search_code'],
    ]);
    expect(names).toHaveLength(3 + 26 + 9);
    expect(res.body.names.all_gitlab_fork_repository).toBe('gitlab/fork_repository');
    expect(names.every(([name]) => /^[A-Za-z0-9_-]{1,49}$/.test(name))).toBe(true);
    expect(res.headers.get('etag')).toBe(`"${res.body.fingerprint}"`);

    // A project on the slash scheme: its names and its instruction follow it.
    const project = (await api.get(`/api/projects/${id}`)).body;
    await api.patch(`/api/projects/${id}`, { json: { surface: { ...project.surface, naming: 'slash' } } });
    const slash = await surface(id);
    expect(slash.body.naming).toBe('slash');
    expect(Object.keys(slash.body.names).slice(0, 3)).toEqual(['favourite/github/create_issue', 'favourite/gitlab/create_issue', 'favourite/search_code']);
    expect(slash.body.names['all/gitlab/fork_repository']).toBe('gitlab/fork_repository');
    expect(slash.body.instruction).toContain('Prefer the favourite/ tools');
    expect(slash.headers.get('etag')).not.toBe(res.headers.get('etag'));

    const eager = await surface(id, '?mode=eager');
    expect(eager.body).toMatchObject({ mode: 'eager', instruction: null });
    expect(eager.body.names.gitlab__create_issue).toBe('gitlab/create_issue');
    expect(Object.keys(eager.body.names)).toHaveLength(26 + 9);
  });

  it('keeps its ETag across identical requests, answers If-None-Match with a bodiless 304, and changes it after a pin, a catalog change, a naming or key change and a mode change', async () => {
    const id = await createTestProject(['memory']);
    const first = await surface(id);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    const again = await surface(id);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.text).toBe(first.text);

    const notModified = await surface(id, '', { 'if-none-match': etag });
    expect(notModified.status).toBe(304);
    expect(notModified.text).toBe('');
    expect(notModified.headers.get('etag')).toBe(etag);
    expect(notModified.headers.get('content-type')).toBeNull();
    expect((await surface(id, '', { 'if-none-match': `"other", W/${etag}` })).status).toBe(304);

    // The same tools/list again is no change: the ETag stays.
    await api.put(`/api/projects/${id}/catalog/memory`, { json: fixtureCatalog('memory') });
    expect((await surface(id, '', { 'if-none-match': etag })).status).toBe(304);

    // A pin.
    await writeFavourites(database.db, id, { enabled: true, maxFavourites: 15, tools: ['memory/read_graph'] }, { via: 'api' });
    const pinned = await surface(id, '', { 'if-none-match': etag });
    expect(pinned.status).toBe(200);
    expect(pinned.body.names.fav_read_graph).toBe('memory/read_graph');
    const afterPin = pinned.headers.get('etag')!;
    expect(afterPin).not.toBe(etag);

    // A catalog change.
    const tools = fixtureCatalog('memory').tools.slice(1);
    expect((await api.put(`/api/projects/${id}/catalog/memory`, { json: { tools } })).body.changed).toBe(true);
    const changedCatalog = await surface(id, '', { 'if-none-match': afterPin });
    expect(changedCatalog.status).toBe(200);
    const afterCatalog = changedCatalog.headers.get('etag')!;
    expect(afterCatalog).not.toBe(afterPin);

    // The naming scheme and the server key decide the names: each changes the ETag.
    const config = (await api.get(`/api/projects/${id}`)).body.surface;
    await api.patch(`/api/projects/${id}`, { json: { surface: { ...config, naming: 'slash' } } });
    const renamed = await surface(id, '', { 'if-none-match': afterCatalog });
    expect(renamed.status).toBe(200);
    expect(Object.keys(renamed.body.names)[0]).toBe('favourite/read_graph');
    await api.patch(`/api/projects/${id}`, { json: { surface: { ...config, serverKey: 'mem' } } });
    const rekeyed = await surface(id, '', { 'if-none-match': renamed.headers.get('etag')! });
    expect(rekeyed.status).toBe(200);
    expect(rekeyed.body).toMatchObject({ naming: 'safe', serverKey: 'mem' });
    expect(rekeyed.headers.get('etag')).not.toBe(afterCatalog);
    await api.patch(`/api/projects/${id}`, { json: { surface: config } });
    expect((await surface(id, '', { 'if-none-match': afterCatalog })).status).toBe(304);

    // A mode change: in the project's config, or asked for.
    const asked = await surface(id, '?mode=lazy', { 'if-none-match': afterCatalog });
    expect(asked.status).toBe(200);
    expect(asked.body.metaTools).toEqual(['mcp_find_tools']);
    const project = (await api.get(`/api/projects/${id}`)).body;
    await api.patch(`/api/projects/${id}`, { json: { surface: { ...project.surface, mode: 'lazy' } } });
    const changedMode = await surface(id, '', { 'if-none-match': afterCatalog });
    expect(changedMode.status).toBe(200);
    expect(changedMode.body.mode).toBe('lazy');
    expect(changedMode.headers.get('etag')).toBe(asked.headers.get('etag'));
  });

  it('serves deferred mode with typed names and its instruction, and takes alwaysLoadFavourites from PATCH as a surface revision', async () => {
    const id = await createTestProject(['github', 'gitlab']);
    await writeFavourites(database.db, id, { enabled: true, maxFavourites: 15, tools: ['gitlab/create_issue', 'github/search_code'] }, { via: 'api' });
    const deferred = await surface(id, '?mode=deferred');
    expect(deferred.body).toMatchObject({ mode: 'deferred', metaTools: [], alwaysLoadFavourites: true, instruction: DEFERRED_INSTRUCTION });
    expect(Object.entries(deferred.body.names).slice(0, 3)).toEqual([
      ['gitlab__create_issue', 'gitlab/create_issue'],
      ['github__search_code', 'github/search_code'],
      ['github__create_or_update_file', 'github/create_or_update_file'],
    ]);
    expect(Object.keys(deferred.body.names).sort()).toEqual(Object.keys((await surface(id, '?mode=eager')).body.names).sort());

    const project = (await api.get(`/api/projects/${id}`)).body;
    const patched = await api.patch(`/api/projects/${id}`, { json: { surface: { ...project.surface, mode: 'deferred', alwaysLoadFavourites: false } } });
    expect(patched.status).toBe(200);
    expect(patched.body.surface).toMatchObject({ mode: 'deferred', alwaysLoadFavourites: false });
    const off = await surface(id, '', { 'if-none-match': deferred.headers.get('etag')! });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ mode: 'deferred', alwaysLoadFavourites: false, version: { surface: deferred.body.version.surface + 1 } });
    expect(off.body.names).toEqual(deferred.body.names);
  });

  it('takes argumentChecks from PATCH as a surface revision that every proxy sees, and refuses a mode that does not exist', async () => {
    const id = await createTestProject(['github']);
    const observed = await surface(id);
    expect(observed.body.argumentChecks).toBe('observe');
    const project = (await api.get(`/api/projects/${id}`)).body;
    const patched = await api.patch(`/api/projects/${id}`, {
      json: { surface: { ...project.surface, argumentChecks: 'enforce' }, expectedSurface: project.surface },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.surface).toEqual({ ...project.surface, argumentChecks: 'enforce' });
    const enforced = await surface(id, '', { 'if-none-match': observed.headers.get('etag')! });
    expect(enforced.status).toBe(200);
    expect(enforced.body).toMatchObject({ argumentChecks: 'enforce', version: { surface: observed.body.version.surface + 1 } });
    expect(enforced.body.names).toEqual(observed.body.names);
    const impact = (await api.get(`/api/projects/${id}/impact`)).body as ImpactReport;
    expect(impact.revisions.at(-1)).toMatchObject({ revision: enforced.body.version.surface, changed: ['surface'], description: 'other surface settings' });

    const refused = await api.patch(`/api/projects/${id}`, { json: { surface: { ...project.surface, argumentChecks: 'strict' } } });
    expectEnvelope(refused, 422, 'VALIDATION_FAILED');
    expect(refused.body.details).toEqual([{ path: 'surface.argumentChecks', message: "must be one of 'off', 'observe' or 'enforce'" }]);
    expect((await surface(id)).body.argumentChecks).toBe('enforce');
  });

  it('refuses an unknown mode and an unknown project with the envelope', async () => {
    const id = await createTestProject();
    const bad = await surface(id, '?mode=everything');
    expectEnvelope(bad, 400, 'INVALID_PARAMETER');
    expect(bad.body.cited_rule).toBe('§surface');
    expectEnvelope(await surface('no-such-project'), 404, 'PROJECT_NOT_FOUND');
    expect((await surface(id)).status).toBe(200);
  });
});
