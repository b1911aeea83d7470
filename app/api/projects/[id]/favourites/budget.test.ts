import { describe, expect, it } from 'vitest';
import { api } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';
import { ROUTERS, ROUTERS_SERVERS } from '@/test/routers-tracker';

setupTestDatabase();

/** A project on the routers catalog (43 tools) with ROUTERS stored and these surface settings. */
async function routersProject(surface: Record<string, unknown>): Promise<string> {
  const id = await createTestProject([], 'pin-budget');
  for (const server of ROUTERS_SERVERS)
    expect((await api.put(`/api/projects/${id}/catalog/${server.name}`, { json: { tools: server.tools } })).status).toBeLessThan(300);
  expect((await api.put(`/api/projects/${id}/routers`, { json: ROUTERS, headers: { 'if-match': '"0"' } })).status).toBe(200);
  expect((await api.patch(`/api/projects/${id}`, { json: { surface } })).status).toBe(200);
  return id;
}

const pin = async (id: string, tool: string) => {
  const res = await api.post(`/api/projects/${id}/favourites/pin`, { json: { tool } });
  expect(res.status).toBe(200);
  return res.body;
};

describe('a pin that pushes the list in force past the attention budget warns, and is stored all the same (§routers)', () => {
  it('routers mode: within the budget no warning; one pin past it names what would leave first', async () => {
    // 2 routers, 1 singleton, 2 tools in no router, and each favourite's own name: 5 + favourites.
    const id = await routersProject({ mode: 'routers', toolBudget: 6 });
    expect((await pin(id, 'tracker/get_issue')).warning).toBeNull();
    const second = await pin(id, 'tracker/list_pull');
    expect(second.tools).toEqual(['tracker/get_issue', 'tracker/list_pull']);
    expect(second.warning).toBe(
      'the routers list in force is 7 tools, 1 over the attention budget of 6: fold 1 of the 2 tools in no router into routers (notes/append_note)',
    );
  });

  it('favourites first: the agent’s tools counted, a pin adds a second name, and unpinning comes first', async () => {
    const id = await routersProject({ mode: 'favindex', agentTools: 2 });
    const res = await pin(id, 'tracker/get_issue');
    expect(res.warning).toBe(
      'the favourites first list in force is 46 tools, 16 over the attention budget of 30: unpin 1 favourite (tracker/get_issue; this mode lists each twice); 15 catalog tools more would have to leave: this mode lists every one',
    );
    // The whole list replaced: the same judgement.
    const put = await api.put(`/api/projects/${id}/favourites`, {
      json: { enabled: true, maxFavourites: 15, tools: ['tracker/get_issue', 'notes/read_note'] },
      headers: { 'if-match': '*' },
    });
    expect(put.status).toBe(200);
    expect(put.body.warning).toMatch(
      /^the favourites first list in force is 47 tools, 17 over the attention budget of 30: unpin 2 favourites \(tracker\/get_issue, notes\/read_note;/,
    );
  });

  it('eager mode lists a favourite once: a pin adds nothing to the list, so it warns of nothing, over the budget or not', async () => {
    const id = await routersProject({ mode: 'eager' });
    expect((await pin(id, 'tracker/get_issue')).warning).toBeNull();
  });
});
