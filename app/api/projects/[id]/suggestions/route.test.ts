import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { writeFavourites } from '@/server/favourites/favourites';
import { projectDocumentSchema } from '@/lib/yaml/project-document';
import { api, expectEnvelope } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';

const t = setupTestDatabase();

const calls = (tool: string, n: number, day = '2026-03-10') =>
  Array.from({ length: n }, (_, i) => ({ id: `${tool}-${day}-${i}`, timestamp: `${day}T08:00:0${i % 10}.000Z`, tool, sessionId: `s${i}` }));

/** 5 × create_issue, 4 × list_issues, 3 × read_file, 2 × get_issue, 1 × search_code on 2026-03-10; 9 × fork_repository long before. */
async function seededProject(): Promise<string> {
  const id = await createTestProject(['github', 'filesystem']);
  const events = [
    ...calls('github/create_issue', 5),
    ...calls('github/list_issues', 4),
    ...calls('filesystem/read_file', 3),
    ...calls('github/get_issue', 2),
    ...calls('github/search_code', 1),
    ...calls('github/fork_repository', 9, '2026-01-05'),
  ];
  const res = await api.post(`/api/projects/${id}/events`, { json: events });
  expect(res.body.accepted).toBe(events.length);
  await writeFavourites(t.db, id, { enabled: true, maxFavourites: 3, tools: ['github/fork_repository', 'filesystem/read_file'] }, { via: 'api' });
  return id;
}

describe('GET /api/projects/:id/suggestions', () => {
  it('suggests the top maxFavourites tools, stars the pinned ones, and says what to add and remove', async () => {
    const id = await seededProject();
    const res = await api.get(`/api/projects/${id}/suggestions?window=30d&until=2026-03-10`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ window: { from: '2026-02-09', to: '2026-03-10', days: 30 }, maxFavourites: 3 });
    expect(res.body.suggested).toEqual([
      { tool: 'github/create_issue', calls: 5, share: 5 / 15, pinned: false, inCatalog: true, refusals: 0, deniedTo: [] },
      { tool: 'github/list_issues', calls: 4, share: 4 / 15, pinned: false, inCatalog: true, refusals: 0, deniedTo: [] },
      { tool: 'filesystem/read_file', calls: 3, share: 3 / 15, pinned: true, inCatalog: true, refusals: 0, deniedTo: [] },
    ]);
    expect(res.body.add).toEqual(['github/create_issue', 'github/list_issues']);
    // fork_repository was busy in January, outside this window.
    expect(res.body.remove).toEqual(['github/fork_repository']);
    expect(res.body.favouriteIndex).toEqual({ enabled: true, maxFavourites: 3, tools: ['github/create_issue', 'github/list_issues', 'filesystem/read_file'] });
  });

  it('gives a project YAML document that applies the suggestion and keeps the rest of the project', async () => {
    const id = await seededProject();
    const res = await api.get(`/api/projects/${id}/suggestions?window=30d&until=2026-03-10&top=4`);
    const doc = projectDocumentSchema.parse(parse(res.body.yaml));
    expect(doc.metadata.name).toBe(id);
    expect(doc.spec.favouriteIndex).toEqual({
      enabled: true,
      // Four tools do not fit under maxFavourites 3: the suggestion raises it.
      maxFavourites: 4,
      tools: ['github/create_issue', 'github/list_issues', 'filesystem/read_file', 'github/get_issue'],
    });
    const project = (await api.get(`/api/projects/${id}`)).body;
    expect(doc.spec.surface).toEqual(project.surface);
    expect(res.body.maxFavourites).toBe(3);
  });

  it('counts the window by until, and suggests nothing for a window without calls', async () => {
    const id = await seededProject();
    const january = await api.get(`/api/projects/${id}/suggestions?window=7d&until=2026-01-06`);
    expect(january.body.suggested.map((s: { tool: string }) => s.tool)).toEqual(['github/fork_repository']);
    expect(january.body.remove).toEqual(['filesystem/read_file']);
    const empty = await api.get(`/api/projects/${id}/suggestions?window=7d&until=2025-06-01`);
    expect(empty.body).toMatchObject({ suggested: [], add: [], remove: [] });
    expect(empty.body.favouriteIndex).toEqual({ enabled: true, maxFavourites: 3, tools: ['github/fork_repository', 'filesystem/read_file'] });
  });

  it('refuses a bad window or top with a 400, an unknown project with a 404, and changes nothing', async () => {
    const id = await seededProject();
    for (const query of ['window=0d', 'window=1y', 'top=0', 'top=129', 'until=2026-13-01']) {
      const res = await api.get(`/api/projects/${id}/suggestions?${query}`);
      expectEnvelope(res, 400, 'INVALID_PARAMETER');
      expect(res.body.cited_rule).toBe('§usage');
    }
    expectEnvelope(await api.get('/api/projects/ghost/suggestions'), 404, 'PROJECT_NOT_FOUND');
    const favourites = await api.get(`/api/projects/${id}/suggestions?window=30d&until=2026-03-10`);
    expect(favourites.body.remove).toEqual(['github/fork_repository']);
  });
});
