import { describe, expect, it } from 'vitest';
import { api, expectEnvelope } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject, fixtureCatalog } from '@/test/fixtures';
import { proxyReport } from '@/test/proxy-reports';

setupTestDatabase();

const tools = (server: string) => fixtureCatalog(server).tools.length;

async function project(servers: string[]) {
  const id = await createTestProject(servers);
  const surface = (await api.get(`/api/projects/${id}`)).body.surface;
  return { id, surface };
}

describe('POST /api/projects/:id/surface/plan', () => {
  it('says what lazy mode would change for the project as uploaded, and saves nothing', async () => {
    const { id, surface } = await project(['github', 'filesystem', 'memory']);
    await api.post(`/api/projects/${id}/favourites/pin`, { json: { tool: 'filesystem/read_file' } });
    const res = await api.post(`/api/projects/${id}/surface/plan`, { json: { surface: { ...surface, mode: 'lazy' } } });
    expect(res.status).toBe(200);
    expect(res.body.changes).toEqual([{ path: 'mode', before: 'favindex', after: 'lazy' }]);
    expect(res.body.current.mode).toBe('favindex');
    const [list] = res.body.lists;
    expect(res.body.lists).toHaveLength(1);
    expect(list.proxy).toBeNull();
    // favindex lists each favourite twice (as a favourite and under all_…) besides every tool.
    expect(list.before).toBe(tools('github') + tools('filesystem') + tools('memory') + 1);
    expect(list.after).toBeLessThan(list.before);
    expect(list.lost.total).toBeGreaterThan(25);
    expect(list.lost.names).toHaveLength(25);
    expect(list.lost.names).toContain('filesystem/list_directory');
    expect(list.gained.names.length).toBeGreaterThan(0);
    expect((await api.get(`/api/projects/${id}`)).body.surface.mode).toBe('favindex');
  });

  it('answers per connected proxy, each with the servers it runs, labelled by its host and clients', async () => {
    const { id, surface } = await project(['github', 'filesystem', 'memory']);
    await api.put(`/api/projects/${id}/proxies/proxy-laptop1`, { json: proxyReport([{ name: 'filesystem', tools: tools('filesystem') }]) });
    await api.put(`/api/projects/${id}/proxies/proxy-ci-runner`, {
      json: proxyReport([{ name: 'github', tools: tools('github') }], {
        host: 'ci-runner',
        clients: [{ name: 'codex', sessions: 2, protocols: ['2025-11-25'] }],
      }),
    });
    const res = await api.post(`/api/projects/${id}/surface/plan`, { json: { surface: { ...surface, mode: 'eager' } } });
    expect(res.status).toBe(200);
    const byHost = Object.fromEntries(res.body.lists.map((l: { proxy: { host: string } }) => [l.proxy.host, l]));
    expect(Object.keys(byHost).sort()).toEqual(['ci-runner', 'dev-laptop']);
    expect(byHost['dev-laptop'].proxy.clients).toEqual(['claude-code']);
    expect(byHost['dev-laptop'].after).toBe(tools('filesystem'));
    expect(byHost['ci-runner'].proxy.clients).toEqual(['codex']);
    expect(byHost['ci-runner'].after).toBe(tools('github'));
  });

  it('lists no change for the config in force, and refuses a config that is not one', async () => {
    const { id, surface } = await project(['memory']);
    const same = await api.post(`/api/projects/${id}/surface/plan`, { json: { surface } });
    expect(same.body.changes).toEqual([]);
    expect(same.body.lists[0]).toMatchObject({ gained: { total: 0 }, lost: { total: 0 } });
    expect(same.body.lists[0].before).toBe(same.body.lists[0].after);
    expectEnvelope(await api.post(`/api/projects/${id}/surface/plan`, { json: { surface: { ...surface, mode: 'sideways' } } }), 422, 'VALIDATION_FAILED');
    expectEnvelope(await api.post('/api/projects/nope/surface/plan', { json: { surface } }), 404, 'PROJECT_NOT_FOUND');
  });
});

describe('PATCH /api/projects/:id with expectedSurface', () => {
  it('saves over the config it was planned from, and refuses with 409 once someone else saved another', async () => {
    const { id, surface } = await project(['memory']);
    const lazy = { ...surface, mode: 'lazy' };
    const ok = await api.patch(`/api/projects/${id}`, { json: { surface: lazy, expectedSurface: surface } });
    expect(ok.status).toBe(200);
    expect(ok.body.surface.mode).toBe('lazy');

    // Someone else's change lands between this plan and its apply.
    await api.patch(`/api/projects/${id}`, { json: { surface: { ...lazy, naming: 'slash' } } });
    const stale = await api.patch(`/api/projects/${id}`, { json: { surface: { ...lazy, mode: 'eager' }, expectedSurface: lazy } });
    expectEnvelope(stale, 409, 'CONFLICT');
    expect(stale.body.details.current).toMatchObject({ mode: 'lazy', naming: 'slash' });
    expect((await api.get(`/api/projects/${id}`)).body.surface).toMatchObject({ mode: 'lazy', naming: 'slash' });
  });

  it('keeps a PATCH without expectedSurface as it was (the CLI and YAML send none)', async () => {
    const { id, surface } = await project([]);
    const res = await api.patch(`/api/projects/${id}`, { json: { surface: { ...surface, mode: 'eager' } } });
    expect(res.status).toBe(200);
    expect(res.body.surface.mode).toBe('eager');
  });
});
