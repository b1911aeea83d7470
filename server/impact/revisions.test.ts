import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { queryRows } from '@/db/sql';
import { api } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject, fixtureCatalog } from '@/test/fixtures';

const t = setupTestDatabase();

async function revisions(id: string) {
  return queryRows<{ revision: number; favourites_version: number; mode: string; naming: string; changed: string[]; via: string }>(
    t.db,
    sql`select revision, favourites_version, mode, naming, changed, via from surface_revisions where project_id = ${id} order by revision`,
  );
}

async function storedEvents(id: string) {
  return queryRows<{ event_id: string; surface_revision: number; mode: string; off_catalog: boolean }>(
    t.db,
    sql`select event_id, surface_revision, mode, off_catalog from events where project_id = ${id} order by event_id`,
  );
}

describe('surface revisions', () => {
  it('number every change of what a proxy presents, and the surface names the one in force', async () => {
    const id = await createTestProject(['github']);
    expect(await revisions(id)).toEqual([{ revision: 1, favourites_version: 1, mode: 'favindex', naming: 'safe', changed: ['created'], via: 'api' }]);
    expect((await api.get(`/api/projects/${id}/surface`)).body.version.surface).toBe(1);

    await api.post(`/api/projects/${id}/favourites/pin`, { json: { tool: 'github/create_issue' }, headers: { 'x-favindex-via': 'ui' } });
    // Pinning it again changes nothing, so it is no revision.
    await api.post(`/api/projects/${id}/favourites/pin`, { json: { tool: 'github/create_issue' } });
    const project = (await api.get(`/api/projects/${id}`)).body;
    await api.patch(`/api/projects/${id}`, { json: { surface: { ...project.surface, mode: 'lazy' } } });
    // A description is not something a proxy presents.
    await api.patch(`/api/projects/${id}`, { json: { description: 'no revision' } });
    await api.patch(`/api/projects/${id}`, { json: { surface: { ...project.surface, mode: 'lazy', target: 'groq' } } });
    // A new tools/list of a server presented already is (its first was not, nor is the same list again).
    const github = fixtureCatalog('github');
    const described = { tools: github.tools.map((tool, i) => (i === 0 ? { ...tool, description: `${tool.description} (reworded)` } : tool)) };
    expect((await api.put(`/api/projects/${id}/catalog/github`, { json: described })).body).toMatchObject({ changed: true, version: 2 });
    expect((await api.put(`/api/projects/${id}/catalog/github`, { json: described })).body.changed).toBe(false);

    expect((await revisions(id)).map((r) => [r.revision, r.favourites_version, r.mode, r.changed, r.via])).toEqual([
      [1, 1, 'favindex', ['created'], 'api'],
      [2, 2, 'favindex', ['favourites'], 'ui'],
      [3, 2, 'lazy', ['mode'], 'api'],
      [4, 2, 'lazy', ['surface'], 'api'],
      [5, 2, 'lazy', ['catalog'], 'api'],
    ]);
    const [catalog] = await queryRows<{ catalog: unknown }>(t.db, sql`select catalog from surface_revisions where project_id = ${id} and revision = 5`);
    expect(catalog?.catalog).toEqual([{ server: 'github', version: 2 }]);
    const surface = await api.get(`/api/projects/${id}/surface`);
    expect(surface.body.version).toEqual({ catalog: 2, favourites: 2, surface: 5 });
  });

  it('make one revision of a YAML apply, whatever it changes, judged from its favourites entry against the one before', async () => {
    const id = await createTestProject(['github']);
    // Export, change, apply: as a team keeping its projects in a repository does.
    const apply = async (change: { mode?: string; tools?: string[] }) => {
      const document = parse((await api.get(`/api/projects/${id}/yaml`)).text);
      if (change.mode) document.spec.surface.mode = change.mode;
      if (change.tools) document.spec.favouriteIndex.tools = change.tools;
      expect((await api.post('/api/yaml/apply', { body: stringify(document), headers: { 'content-type': 'application/yaml' } })).status).toBe(200);
    };
    await apply({ mode: 'eager', tools: ['github/create_issue'] });
    await apply({ tools: ['github/create_issue', 'github/list_issues'] });
    await apply({ mode: 'lazy' });
    expect((await revisions(id)).slice(1).map((r) => [r.revision, r.favourites_version, r.mode, r.changed, r.via])).toEqual([
      [2, 2, 'eager', ['favourites', 'mode'], 'yaml'],
      [3, 3, 'eager', ['favourites'], 'yaml'],
      [4, 3, 'lazy', ['mode'], 'yaml'],
    ]);
    // The history entry of the first apply opens its impact, judged against the project as created.
    const impact = (await api.get(`/api/projects/${id}/impact?favouritesVersion=2`)).body;
    expect(impact.comparison).toMatchObject({ revision: 2, baseline: 1 });
    expect(impact.comparison.description).toContain('mode favourites first → eager');
  });

  it('place each event under the revision it names, else the one in force at its time, with that mode', async () => {
    const id = await createTestProject(['github']);
    const before = new Date(Date.now() - 1000).toISOString();
    await api.post(`/api/projects/${id}/favourites/pin`, { json: { tool: 'github/create_issue' } });
    const project = (await api.get(`/api/projects/${id}`)).body;
    await api.patch(`/api/projects/${id}`, { json: { surface: { ...project.surface, mode: 'lazy' } } });
    const after = new Date(Date.now() + 60_000).toISOString();
    const events = [
      { id: 'a', timestamp: before, tool: 'github/list_issues' },
      { id: 'b', timestamp: after, tool: 'github/list_issues' },
      { id: 'c', timestamp: after, tool: 'github/list_issues', surfaceRevision: 2, mode: 'favindex' },
      { id: 'd', timestamp: before, tool: 'github/list_issues', surfaceRevision: 3 },
      { id: 'e', timestamp: after, tool: 'github/list_issues', surfaceRevision: 99 },
      { id: 'f', timestamp: after, tool: 'mcp_invoke_tool', arguments: { server: 'github', tool: 'no_such_tool' } },
      { id: 'g', timestamp: after, tool: 'mcp_invoke_tool', arguments: { server: 'jira', tool: 'create_ticket' } },
      { id: 'h', timestamp: after, tool: 'mcp_invoke_tool', arguments: { server: 'github', tool: 'create_issue' } },
      { id: 'i', timestamp: after, tool: 'mcp_invoke_tool', arguments: { tool: 'no_such_tool' } },
    ];
    expect((await api.post(`/api/projects/${id}/events`, { json: events })).body).toMatchObject({ accepted: 9, rejected: [] });
    expect((await storedEvents(id)).map((e) => [e.event_id, e.surface_revision, e.mode, e.off_catalog])).toEqual([
      ['a', 1, 'favindex', false],
      ['b', 3, 'lazy', false],
      ['c', 2, 'favindex', false],
      ['d', 3, 'lazy', false],
      ['e', 3, 'lazy', false],
      ['f', 3, 'lazy', true],
      ['g', 3, 'lazy', true],
      ['h', 3, 'lazy', false],
      ['i', 3, 'lazy', true],
    ]);
    // The events list shows them too.
    const listed = (await api.get(`/api/projects/${id}/events?limit=20`)).body.events as { id: string }[];
    expect(listed.find((e) => e.id === 'c')).toMatchObject({ surfaceRevision: 2, mode: 'favindex' });
  });

  it('refuses a mode or revision that cannot be one, naming the field', async () => {
    const id = await createTestProject();
    const res = await api.post(`/api/projects/${id}/events`, {
      json: [
        { id: 'x', timestamp: new Date().toISOString(), tool: 't', mode: 'sometimes' },
        { id: 'y', timestamp: new Date().toISOString(), tool: 't', surfaceRevision: 0 },
        { id: 'z', timestamp: new Date().toISOString(), tool: 't', surfaceRevision: '2' },
      ],
    });
    expect(res.body.accepted).toBe(0);
    expect(res.body.rejected.map((r: { message: string }) => r.message.split(':')[0])).toEqual(['mode', 'surfaceRevision', 'surfaceRevision']);
  });
});
