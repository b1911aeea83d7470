import { describe, expect, it } from 'vitest';
import { api } from '@/test/api';
import { bearer } from '@/test/auth';
import { setupTestDatabase } from '@/test/database';
import { createTestProject, fixtureCatalog } from '@/test/fixtures';
import { proxyReport } from '@/test/proxy-reports';

setupTestDatabase();

const tools = (server: string) => fixtureCatalog(server).tools.length;
const savePolicy = async (id: string, rules: unknown[]) =>
  expect((await api.put(`/api/projects/${id}/policy`, { json: { policy: { default: 'allow', rules } } })).status).toBe(200);
const plan = async (id: string, change: Record<string, unknown>) => {
  const surface = (await api.get(`/api/projects/${id}`)).body.surface;
  const res = await api.post(`/api/projects/${id}/surface/plan`, { json: { surface: { ...surface, ...change } } });
  expect(res.status).toBe(200);
  return res.body;
};
/** What a client of this identity really gets in a mode: the preview's list, built as its proxy builds it. */
const previewCount = async (id: string, mode: string, query = '') =>
  (await api.get(`/api/projects/${id}/preview?mode=${mode}&detail=names${query}`)).body.modes[0].tools.length;

describe('the Settings review counts what clients get after the tool policy (§policy)', () => {
  it('counts the project as uploaded without the tools the policy denies to everyone, as the preview does', async () => {
    const id = await createTestProject(['memory', 'github']);
    await savePolicy(id, [{ effect: 'deny', tools: ['memory/delete_*'] }]);
    const body = await plan(id, { mode: 'eager' });
    const [list] = body.lists;
    expect(list.identity).toEqual({ token: null, client: null });
    expect(list.deniedByPolicy).toBe(3);
    expect(list.after).toBe(tools('memory') + tools('github') - 3);
    expect(list.after).toBe(await previewCount(id, 'eager'));
    expect(list.before).toBe(await previewCount(id, 'favindex'));
    expect(list.gained.names).not.toContain('memory/delete_entities');
  });

  it("counts each connected proxy under its token, and a client a rule names apart from the proxy's other clients", async () => {
    const id = await createTestProject(['memory', 'github']);
    const made = await api.post(`/api/projects/${id}/tokens`, { json: { name: 'laptop', scopes: ['surface:read', 'events:write', 'catalog:write'] } });
    expect(made.status).toBe(201);
    const clients = ['claude-code', 'cursor'].map((name) => ({ name, sessions: 1, protocols: ['2025-11-25'] }));
    const report = proxyReport([{ name: 'memory', tools: tools('memory') }], { clients });
    expect((await api.put(`/api/projects/${id}/proxies/proxy-laptop1`, { json: report, headers: bearer(made.body.token) })).status).toBe(200);
    await savePolicy(id, [
      { effect: 'deny', tools: ['memory/delete_*'], identities: ['token:laptop'] },
      { effect: 'deny', tools: ['memory/read_graph'], identities: ['client:cursor'] },
    ]);

    const body = await plan(id, { mode: 'eager' });
    const lists = body.lists.map((l: { proxy: { clients: string[] }; identity: unknown; after: number; deniedByPolicy: number }) => [
      l.proxy.clients,
      l.identity,
      l.after,
      l.deniedByPolicy,
    ]);
    expect(lists).toEqual([
      [['cursor'], { token: 'laptop', client: 'cursor' }, tools('memory') - 4, 4],
      [['claude-code'], { token: 'laptop', client: null }, tools('memory') - 3, 3],
    ]);
    expect(body.lists[0].after).toBe(await previewCount(id, 'eager', '&token=laptop&sessionClient=cursor'));
    expect(body.lists[1].after).toBe(await previewCount(id, 'eager', '&token=laptop&sessionClient=claude-code'));
  });
});
