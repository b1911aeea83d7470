import { describe, expect, it } from 'vitest';
import { api } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';
import { ROUTERS, ROUTERS_SERVERS } from '@/test/routers-tracker';

setupTestDatabase();

const put = (id: string, routers: unknown) => api.put(`/api/projects/${id}/routers`, { json: routers, headers: { 'if-match': '*' } });

describe('a routers write warns when the routers mode’s list is past the attention budget, and stores them all the same (§routers)', () => {
  it('names the mode in force, how far over and the tools in no router that leave first; a fold within it warns of nothing; undo judges again', async () => {
    const id = await createTestProject([], 'routers-budget');
    for (const server of ROUTERS_SERVERS)
      expect((await api.put(`/api/projects/${id}/catalog/${server.name}`, { json: { tools: server.tools } })).status).toBeLessThan(300);

    // One singleton and nothing folded: 43 tools on their own.
    const lone = { routers: [], singletons: [{ tool: 'notes/search_notes', reason: 'the only search' }] };
    const first = await put(id, lone);
    expect(first.status).toBe(200);
    expect(first.body.version).toBe(1);
    expect(first.body.warning).toBe(
      'the routers list (the project presents favourites first mode now) is 43 tools, 13 over the attention budget of 30: fold 13 of the 42 tools in no router into routers (tracker/delete_release, tracker/get_comment, tracker/list_comment and 10 more)',
    );

    const folded = await put(id, ROUTERS);
    expect(folded.status).toBe(200);
    expect(folded.body.warning).toBeNull();

    // In the routers mode with a budget of 4, the same routers are 1 over.
    expect((await api.patch(`/api/projects/${id}`, { json: { surface: { mode: 'routers', toolBudget: 4 } } })).status).toBe(200);
    const again = await put(id, { ...ROUTERS, singletons: [] });
    expect(again.body.warning).toMatch(
      /^the routers list in force is 5 tools, 1 over the attention budget of 4: fold 1 of the 3 tools in no router into routers \(notes\/append_note\)$/,
    );

    const undone = await api.post(`/api/projects/${id}/routers/undo`, { headers: { 'if-match': '"3"' } });
    expect(undone.status).toBe(200);
    expect(undone.body.singletons).toEqual(ROUTERS.singletons);
    expect(undone.body.warning).toBe(
      'the routers list in force is 5 tools, 1 over the attention budget of 4: fold 1 of the 2 tools in no router into routers (notes/append_note)',
    );
  });
});
