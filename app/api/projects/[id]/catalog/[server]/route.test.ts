import { describe, expect, it } from 'vitest';
import { api, expectEnvelope } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject, fixtureCatalog } from '@/test/fixtures';

setupTestDatabase();

describe('catalog API', () => {
  it('stores a tools/list, returns servers in order with tools and fingerprints', async () => {
    const id = await createTestProject();
    const first = await api.put(`/api/projects/${id}/catalog/github`, { json: fixtureCatalog('github') });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ server: 'github', version: 1, changed: true });
    expect(first.body.fingerprint).toMatch(/^sha256:[0-9a-f]{64}$/);
    await api.put(`/api/projects/${id}/catalog/gitlab`, { json: fixtureCatalog('gitlab') });

    const catalog = await api.get(`/api/projects/${id}/catalog`);
    expect(catalog.status).toBe(200);
    expect(catalog.body.servers.map((s: { name: string }) => s.name)).toEqual(['github', 'gitlab']);
    expect(catalog.body.toolCount).toBe(26 + 9);
    const github = catalog.body.servers[0];
    expect(github.tools).toHaveLength(26);
    expect(github.tools[0]).toMatchObject({ name: 'create_or_update_file', inputSchema: { type: 'object' } });
    expect(github.fingerprint).toBe(first.body.fingerprint);
  });

  it('keeps the version when the tools/list is unchanged, and makes a new one when it changes', async () => {
    const id = await createTestProject(['gitlab']);
    const same = await api.put(`/api/projects/${id}/catalog/gitlab`, { json: fixtureCatalog('gitlab') });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ version: 1, changed: false });

    const tools = fixtureCatalog('gitlab').tools.filter((t) => t.name !== 'fork_repository');
    const [edited] = tools;
    if (!edited) throw new Error('the gitlab fixture lists tools');
    tools[0] = { ...edited, description: 'Changed description' };
    tools.push({ name: 'list.pipelines', description: 'New tool', inputSchema: { type: 'object' } });
    const changed = await api.put(`/api/projects/${id}/catalog/gitlab`, { json: { tools } });
    expect(changed.body).toMatchObject({
      version: 2,
      changed: true,
      added: ['list.pipelines'],
      removed: ['fork_repository'],
      changedTools: [edited.name],
    });
    expect(changed.body.fingerprint).not.toBe(same.body.fingerprint);

    const versions = await api.get(`/api/projects/${id}/catalog/gitlab/versions`);
    expect(versions.body.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(versions.body.versions[0]).toMatchObject({ toolCount: 9, added: ['list.pipelines'], removed: ['fork_repository'] });
  });

  it('refuses bad input with the envelope and leaves the catalog as it was', async () => {
    const id = await createTestProject(['memory']);
    const before = (await api.get(`/api/projects/${id}/catalog`)).body;

    expectEnvelope(await api.put(`/api/projects/${id}/catalog/bad%20name`, { json: fixtureCatalog('memory') }), 400, 'INVALID_PARAMETER');
    const missing = await api.put(`/api/projects/${id}/catalog/memory`, { json: { tool: [] } });
    expectEnvelope(missing, 422, 'VALIDATION_FAILED');
    expect(missing.body.details[0].path).toBe('tools');
    const dup = await api.put(`/api/projects/${id}/catalog/memory`, {
      json: {
        tools: [
          { name: 'a', inputSchema: {} },
          { name: 'a', inputSchema: {} },
        ],
      },
    });
    expectEnvelope(dup, 422, 'VALIDATION_FAILED');
    expect(dup.body.details[0]).toMatchObject({ path: 'tools[1].name', message: "duplicate tool name 'a'" });
    expectEnvelope(await api.put(`/api/projects/ghost/catalog/memory`, { json: fixtureCatalog('memory') }), 404, 'PROJECT_NOT_FOUND');
    expectEnvelope(await api.get(`/api/projects/${id}/catalog/nope`), 404, 'SERVER_NOT_FOUND');

    expect((await api.get(`/api/projects/${id}/catalog`)).body).toEqual(before);
  });

  it('removes a server from the catalog', async () => {
    const id = await createTestProject(['memory', 'everything']);
    expect((await api.delete(`/api/projects/${id}/catalog/memory`)).status).toBe(204);
    expect((await api.get(`/api/projects/${id}/catalog`)).body.servers.map((s: { name: string }) => s.name)).toEqual(['everything']);
    expectEnvelope(await api.delete(`/api/projects/${id}/catalog/memory`), 404, 'SERVER_NOT_FOUND');
  });
});
