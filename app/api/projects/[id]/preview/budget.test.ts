import { describe, expect, it } from 'vitest';
import type { PreviewResponse } from '@/lib/contracts/preview';
import { api } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';
import { ROUTERS, ROUTERS_SERVERS } from '@/test/routers-tracker';

setupTestDatabase();

describe('the preview judges each mode against the attention budget, per client (§routers)', () => {
  it("the project's budget, or the query's; what the client hides is not counted", async () => {
    const id = await createTestProject([], 'preview-budget');
    for (const server of ROUTERS_SERVERS)
      expect((await api.put(`/api/projects/${id}/catalog/${server.name}`, { json: { tools: server.tools } })).status).toBeLessThan(300);
    expect((await api.put(`/api/projects/${id}/routers`, { json: ROUTERS, headers: { 'if-match': '"0"' } })).status).toBe(200);

    const budgets = async (query: string) => {
      const res = await api.get<PreviewResponse>(`/api/projects/${id}/preview?detail=names&limit=0${query}`);
      expect(res.status).toBe(200);
      return Object.fromEntries(res.body.modes.map((m) => [m.mode, m.budget]));
    };
    const raw = await budgets('');
    expect(raw.routers).toEqual({ toolBudget: 30, counted: 5, overBy: 0, message: null });
    expect(raw.favindex).toMatchObject({ toolBudget: 30, counted: 43, overBy: 13 });
    expect(raw.favindex!.message).toBe('43 tools, 13 over the attention budget of 30: 13 catalog tools would have to leave: this mode lists every one.');

    const tight = await budgets('&toolBudget=4');
    expect(tight.routers).toMatchObject({ toolBudget: 4, counted: 5, overBy: 1 });
    expect(tight.routers!.message).toContain('fold 1 of the 2 tools in no router into routers (notes/append_note)');

    // Codex hides every MCP tool behind the server's source line: the model is shown none of them up front.
    expect((await budgets('&client=codex')).eager).toMatchObject({ counted: 0, overBy: 0 });
  });
});
