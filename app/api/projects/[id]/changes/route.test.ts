import { describe, expect, it } from 'vitest';
import type { ProjectChanges } from '@/lib/contracts/changes';
import { api, expectEnvelope } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject, event } from '@/test/fixtures';
import { proxyReport } from '@/test/proxy-reports';

setupTestDatabase();

async function changes(id: string): Promise<ProjectChanges> {
  const res = await api.get(`/api/projects/${id}/changes`);
  expect(res.status).toBe(200);
  return res.body as ProjectChanges;
}

describe('GET /api/projects/:id/changes', () => {
  it('counts each write by what it changed, so a page knows what to refetch', async () => {
    const id = await createTestProject(['github']);
    const start = await changes(id);
    expect(start.project).toBe(id);

    expect((await api.post(`/api/projects/${id}/events`, { json: [event('e-1', 'github/get_issue')] })).status).toBe(200);
    const afterEvents = await changes(id);
    expect(afterEvents.versions.events).toBe(start.versions.events + 1);
    expect({ ...afterEvents.versions, events: start.versions.events }).toEqual(start.versions);

    expect((await api.put(`/api/projects/${id}/proxies/laptop-1`, { json: proxyReport([{ name: 'github', tools: 3 }]) })).status).toBe(200);
    expect((await api.post(`/api/projects/${id}/favourites/pin`, { json: { tool: 'github/get_issue' } })).status).toBe(200);
    const later = await changes(id);
    expect(later.versions).toMatchObject({
      proxies: start.versions.proxies + 1,
      favourites: start.versions.favourites + 1,
      events: afterEvents.versions.events,
    });
    expect(later.epoch).toBe(start.epoch);

    // A saved tool policy is project configuration: the pages showing the project refetch.
    expect((await api.put(`/api/projects/${id}/policy`, { json: { policy: { default: 'deny', rules: [] } } })).status).toBe(200);
    expect((await changes(id)).versions).toEqual({ ...later.versions, project: later.versions.project + 1 });
    // So are the routers.
    expect(
      (
        await api.put(`/api/projects/${id}/routers`, {
          json: { singletons: [{ tool: 'github/get_issue', reason: 'one of a kind' }] },
          headers: { 'if-match': '*' },
        })
      ).status,
    ).toBe(200);
    expect((await changes(id)).versions).toEqual({ ...later.versions, project: later.versions.project + 2 });
  });

  it('counts neither reads nor refused writes, and keeps projects apart', async () => {
    const id = await createTestProject(['github']);
    const other = await createTestProject();
    const start = await changes(id);
    await api.get(`/api/projects/${id}/events`);
    expect((await api.post(`/api/projects/${id}/favourites/pin`, { json: { tool: 5 } })).status).toBe(422);
    expect((await api.post(`/api/projects/${other}/events`, { json: [event('e-1', 'github/get_issue')] })).status).toBe(200);
    expect((await changes(id)).versions).toEqual(start.versions);
  });

  it('answers 404 for a project that does not exist, or no longer does', async () => {
    expectEnvelope(await api.get('/api/projects/nope/changes'), 404, 'PROJECT_NOT_FOUND');
    const id = await createTestProject();
    expect((await api.delete(`/api/projects/${id}`)).status).toBeLessThan(300);
    expectEnvelope(await api.get(`/api/projects/${id}/changes`), 404, 'PROJECT_NOT_FOUND');
  });
});
