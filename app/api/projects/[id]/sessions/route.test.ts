import { describe, expect, it } from 'vitest';
import { api, expectEnvelope } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject, event } from '@/test/fixtures';

setupTestDatabase();

describe('GET /api/projects/:id/sessions', () => {
  it('lists recorded sessions, most recently active first, with their call counts', async () => {
    const id = await createTestProject(['github']);
    const now = Date.now();
    const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
    await api.post(`/api/projects/${id}/events`, {
      json: {
        events: [
          event('a1', 'github__get_issue', { sessionId: 'old', timestamp: at(50), client: 'claude-code' }),
          event('a2', 'mcp_find_tools', { sessionId: 'old', timestamp: at(40) }),
          event('b1', 'github__list_issues', { sessionId: 'new', timestamp: at(30), model: 'gpt-5.4-mini' }),
          event('c1', 'github__list_issues', { timestamp: at(20) }),
          event('a3', 'unknown_tool', { sessionId: 'old', timestamp: at(10) }),
        ],
      },
    });
    const res = await api.get(`/api/projects/${id}/sessions`);
    expect(res.status).toBe(200);
    expect(res.body.sessions).toEqual([
      { id: 'old', calls: 3, toolCalls: 1, firstAt: at(50), lastAt: at(10), client: 'claude-code', model: null },
      { id: 'new', calls: 1, toolCalls: 1, firstAt: at(30), lastAt: at(30), client: null, model: 'gpt-5.4-mini' },
    ]);
    expect((await api.get(`/api/projects/${id}/sessions?limit=1`)).body.sessions.map((s: { id: string }) => s.id)).toEqual(['old']);
  });

  it('refuses a bad limit and an unknown project', async () => {
    const id = await createTestProject();
    expectEnvelope(await api.get(`/api/projects/${id}/sessions?limit=0`), 400, 'INVALID_PARAMETER');
    expectEnvelope(await api.get('/api/projects/nope-nope/sessions'), 404, 'PROJECT_NOT_FOUND');
    expect((await api.get(`/api/projects/${id}/sessions`)).body).toEqual({ sessions: [] });
  });
});
