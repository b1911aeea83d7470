import { describe, expect, it } from 'vitest';
import { api } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';
import { NOTES_TOOLS, ROUTERS, ROUTERS_SERVERS, TRACKER_TOOLS } from '@/test/routers-tracker';

setupTestDatabase();

/** A project on the routers catalog (tracker: 40 tools, notes: 3) with ROUTERS stored. */
async function routersProject(): Promise<string> {
  const id = await createTestProject([], 'plan-routers');
  for (const server of ROUTERS_SERVERS)
    expect((await api.put(`/api/projects/${id}/catalog/${server.name}`, { json: { tools: server.tools } })).status).toBeLessThan(300);
  expect((await api.put(`/api/projects/${id}/routers`, { json: ROUTERS, headers: { 'if-match': '"0"' } })).status).toBe(200);
  return id;
}

describe('the Settings review of a switch to the routers mode counts the stored routers (§routers)', () => {
  it('counts two routers, the singleton and the two tools in no router, not every tool on its own, as the preview does', async () => {
    const id = await routersProject();
    const surface = (await api.get(`/api/projects/${id}`)).body.surface;
    const res = await api.post(`/api/projects/${id}/surface/plan`, { json: { surface: { ...surface, mode: 'routers' } } });
    expect(res.status).toBe(200);
    const [list] = res.body.lists;
    expect(list.before).toBe(TRACKER_TOOLS.length + NOTES_TOOLS.length);
    expect(list.after).toBe(2 + 1 + 2);
    // A router is named by itself; the tools it folds leave the list as names of their own.
    expect(list.gained.names).toEqual(['tracker_read', 'tracker_write']);
    expect(list.lost.total).toBe(TRACKER_TOOLS.length);
    const preview = (await api.get(`/api/projects/${id}/preview?mode=routers&detail=names`)).body.modes[0];
    expect(list.after).toBe(preview.tools.length);
    expect(list.budget).toEqual({ toolBudget: 30, counted: 5, overBy: 0, message: null });
  });

  it('says when the change puts the list past the attention budget, the agent’s own tools counted, and what would have to leave first', async () => {
    const id = await routersProject();
    const surface = (await api.get(`/api/projects/${id}`)).body.surface;
    const res = await api.post(`/api/projects/${id}/surface/plan`, { json: { surface: { ...surface, mode: 'routers', agentTools: 2, toolBudget: 6 } } });
    expect(res.status).toBe(200);
    expect(res.body.lists[0].budget).toEqual({
      toolBudget: 6,
      counted: 7,
      overBy: 1,
      message: '7 tools, 1 over the attention budget of 6: fold 1 of the 2 tools in no router into routers (notes/append_note).',
    });
  });
});
