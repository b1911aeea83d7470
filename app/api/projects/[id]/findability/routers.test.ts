import { describe, expect, it } from 'vitest';
import type { FindabilityResponse } from '@/lib/contracts/findability';
import { api } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';
import { NOTES_TOOLS, ROUTERS, ROUTERS_SERVERS } from '@/test/routers-tracker';

setupTestDatabase();

describe('findability in the routers mode reads the stored routers (§routers)', () => {
  it('judges the tools the routers mode lists on their own (the singleton, the tools in no router), not the tools behind a router', async () => {
    const id = await createTestProject([], 'find-routers');
    for (const server of ROUTERS_SERVERS)
      expect((await api.put(`/api/projects/${id}/catalog/${server.name}`, { json: { tools: server.tools } })).status).toBeLessThan(300);
    expect((await api.put(`/api/projects/${id}/routers`, { json: ROUTERS, headers: { 'if-match': '"0"' } })).status).toBe(200);

    const res = await api.get<FindabilityResponse>(`/api/projects/${id}/findability?client=codex&mode=routers`);
    expect(res.status).toBe(200);
    expect(res.body.mode).toBe('routers');
    expect(res.body.summary.deferred).toBe(NOTES_TOOLS.length);
    expect(res.body.tools.map((t) => t.tool).sort()).toEqual(NOTES_TOOLS.map((t) => `notes/${t.name}`).sort());
  });
});
