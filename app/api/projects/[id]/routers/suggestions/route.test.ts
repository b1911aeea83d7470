import { describe, expect, it } from 'vitest';
import type { PlacementView, RouterSuggestionsView } from '@/lib/contracts/router-suggestions';
import { applySuggestion } from '@/lib/routers/apply';
import type { RoutersConfig } from '@/lib/schemas/routers';
import { api, expectEnvelope } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';

setupTestDatabase();

const suggestions = async (id: string, query = ''): Promise<RouterSuggestionsView> => {
  const res = await api.get(`/api/projects/${id}/routers/suggestions${query}`);
  expect(res.status).toBe(200);
  return res.body;
};
const routersOf = async (id: string) => (await api.get(`/api/projects/${id}/routers`)).body;
const put = (id: string, body: RoutersConfig, version: number) =>
  api.put(`/api/projects/${id}/routers`, { json: body, headers: { 'if-match': `"${version}"`, 'x-favindex-via': 'ui' } });
const toolsOfPlacements = (items: readonly PlacementView[]) => items.map((p) => p.tool);

describe('routers suggestions: what to fold, where each tool goes, and the presented count', () => {
  it('pages the suggestions and the tools placed nowhere, with totals that do not depend on the page', async () => {
    const id = await createTestProject(['github', 'filesystem']);
    const first = await suggestions(id);
    expect(first.routersVersion).toBe(0);
    expect(first.suggestions.limit).toBe(20);
    expect(first.suggestions.total).toBeGreaterThan(3);
    // With no routers, every catalog tool is placed nowhere, and each is listed on its own.
    expect(first.unplaced.total).toBe(first.catalogTools);
    expect(first.presented).toEqual({ tools: first.catalogTools, budget: 30, agentTools: 0, favourites: 0, routers: 0 });

    const whole = await suggestions(id, '?limit=200&unplacedLimit=200');
    const pages: RouterSuggestionsView[] = [];
    for (let offset = 0; offset < whole.suggestions.total; offset += 3)
      pages.push(await suggestions(id, `?limit=3&offset=${offset}&unplacedLimit=5&unplacedOffset=${offset}`));
    expect(pages.flatMap((p) => p.suggestions.items)).toEqual(whole.suggestions.items);
    for (const p of pages) expect(p.suggestions.saves).toEqual(whole.suggestions.saves);
    const saved = whole.suggestions.items.reduce((sum, s) => sum + s.saves.tools.saved, 0);
    expect(whole.suggestions.saves.tools.saved).toBe(saved);
    expect(toolsOfPlacements(pages[1]?.unplaced.items ?? [])).toEqual(toolsOfPlacements(whole.unplaced.items.slice(3, 8)));
    // Each new-router placement's router comes with the page, with all its ops.
    for (const p of whole.unplaced.items) {
      if (p.rule !== 'new-router') continue;
      const router = whole.unplaced.newRouters.find((r) => r.router.name === p.router);
      expect(router?.router.ops.map((o) => o.tool)).toContain(p.tool);
    }
    expect(whole.unplaced.items.some((p) => p.rule === 'singleton')).toBe(true);
    const past = await suggestions(id, `?offset=${whole.suggestions.total}`);
    expect(past.suggestions).toMatchObject({ items: [], total: whole.suggestions.total });
  });

  it('applied through PUT /routers, a suggestion is one version with undo, and the next answer is over it', async () => {
    const id = await createTestProject(['github']);
    const before = await suggestions(id);
    const top = before.suggestions.items[0];
    if (!top) throw new Error('no suggestion');
    const applied = applySuggestion((await routersOf(id)) as RoutersConfig, top);
    if (!applied.ok) throw new Error(applied.problems.join('; '));
    const written = await put(id, { routers: applied.config.routers, singletons: applied.config.singletons }, before.routersVersion);
    expect(written.status).toBe(200);

    const after = await suggestions(id);
    expect(after.routersVersion).toBe(1);
    expect(after.suggestions.total).toBe(before.suggestions.total - 1);
    expect(after.suggestions.items.map((s) => s.router.name)).not.toContain(top.router.name);
    expect(after.unplaced.total).toBe(before.unplaced.total - top.router.ops.length);
    expect(after.presented.tools).toBe(before.presented.tools - top.saves.tools.saved);
    expect(after.presented.routers).toBe(1);

    const history = (await api.get(`/api/projects/${id}/routers/history`)).body;
    expect(history.changes).toHaveLength(1);
    expect(history.changes[0]).toMatchObject({ version: 1, via: 'ui', description: expect.stringContaining(`added 1 router ${top.router.name}`) });
    expect((await api.post(`/api/projects/${id}/routers/undo`, { headers: { 'if-match': '"1"' } })).status).toBe(200);
    expect(await suggestions(id)).toMatchObject({ routersVersion: 2, presented: before.presented, suggestions: { total: before.suggestions.total } });
  });

  it("proposes a new op in the router that owns a new tool's shape, and counts the favourites and the agent's tools in what is presented", async () => {
    const id = await createTestProject(['github']);
    const issues = {
      name: 'issues',
      description: 'Read GitHub issues.',
      ops: [
        { op: 'get', tool: 'github/get_issue', note: 'One issue.' },
        { op: 'list', tool: 'github/list_issues', note: 'Issues of a repository.' },
      ],
    };
    expect((await put(id, { routers: [issues], singletons: [] }, 0)).status).toBe(200);
    await api.patch(`/api/projects/${id}`, { json: { surface: { agentTools: 4, toolBudget: 12 } } });
    await api.post(`/api/projects/${id}/favourites/pin`, { json: { tool: 'github/create_issue' } });

    const { unplaced, presented, catalogTools } = await suggestions(id, '?unplacedLimit=200');
    const create = unplaced.items.find((p) => p.tool === 'github/create_issue');
    expect(create).toMatchObject({
      rule: 'existing-router',
      router: 'issues',
      op: { tool: 'github/create_issue' },
      why: expect.stringContaining('issues owns'),
    });
    expect(toolsOfPlacements(unplaced.items)).not.toContain('github/get_issue');
    // 4 agent tools, 1 favourite, 1 router for 2 tools, the other catalog tools on their own.
    expect(presented).toEqual({ tools: 4 + 1 + 1 + (catalogTools - 2), budget: 12, agentTools: 4, favourites: 1, routers: 1 });
  });

  it.each([
    ['limit=0', /limit/],
    ['limit=201', /limit/],
    ['limit=ten', /limit/],
    ['offset=-1', /offset/],
    ['unplacedLimit=500', /unplacedLimit/],
  ])('refuses %s with the envelope naming it, and changes nothing', async (query, named) => {
    const id = await createTestProject(['github']);
    const res = await api.get(`/api/projects/${id}/routers/suggestions?${query}`);
    expectEnvelope(res, 400, 'INVALID_PARAMETER');
    expect(res.body).toMatchObject({ message: expect.stringMatching(named), cited_rule: '§routers' });
    expect(await routersOf(id)).toMatchObject({ version: 0, routers: [], singletons: [] });
  });

  it('answers 404 for a project that does not exist', async () => {
    expectEnvelope(await api.get('/api/projects/nope/routers/suggestions'), 404, 'PROJECT_NOT_FOUND');
  });
});
