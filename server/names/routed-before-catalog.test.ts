import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '@/db/sql';
import { api } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject, event } from '@/test/fixtures';

const t = setupTestDatabase();

const ECHO = {
  tools: [
    { name: 'echo', inputSchema: { type: 'object' } },
    { name: 'add', inputSchema: { type: 'object' } },
  ],
};

/** What `favindex proxy` sends for a call to server-everything's echo (cross-branch contract 1). */
const proxyCall = (id: string, sessionId: string, status = 'ok') =>
  event(id, 'all_everything_echo', { server: 'everything', canonical: 'everything/echo', sessionId, status });

/** Every rollup a call counts in, by what it counts under: the usage page and the impact page read these. */
async function counted(projectId: string) {
  const [daily, tools, segments, sessions] = await Promise.all([
    queryRows<{ key: string; calls: number }>(
      t.db,
      sql`select kind || ':' || tool || ':' || namespace as key, sum(calls)::int as calls from usage_daily where project_id = ${projectId} group by 1 order by 1`,
    ),
    queryRows<{ tool: string; calls: number; sessions: number }>(
      t.db,
      sql`select tool, sum(calls)::int as calls, sum(sessions)::int as sessions from usage_daily_tools where project_id = ${projectId} group by 1 order by 1`,
    ),
    queryRows<{ calls: number; unresolved: number }>(
      t.db,
      sql`select sum(calls)::int as calls, sum(unresolved_calls)::int as unresolved from usage_daily_segments where project_id = ${projectId}`,
    ),
    queryRows<{ session_id: string; calls: number; succeeded: boolean }>(
      t.db,
      sql`select session_id, calls, first_success_at is not null as succeeded from usage_sessions where project_id = ${projectId} order by 1`,
    ),
  ]);
  return { daily, tools, segments, sessions };
}

describe('a call the proxy routed before its server’s catalog arrived (issue 19)', () => {
  it('is stored unresolved with the reason and its hints, then counted under the routed tool once the catalog arrives', async () => {
    const id = await createTestProject(['github']);
    const res = await api.post(`/api/projects/${id}/events`, { json: [proxyCall('c1', 's1'), proxyCall('c2', 's1', 'error'), proxyCall('c3', 's2')] });
    expect(res.body).toEqual({ accepted: 3, duplicates: 0, rejected: [] });

    const listed = await api.get(`/api/projects/${id}/events`);
    expect(listed.body.events).toHaveLength(3);
    for (const e of listed.body.events) {
      expect(e).toMatchObject({ kind: 'unresolved', canonical: null, tool: 'all_everything_echo', namespace: 'all' });
      expect(e.unresolvedReason).toMatch(/routed to everything\/echo, but unknown server 'everything'.*not been uploaded/);
    }
    const usage = await api.get(`/api/projects/${id}/usage?window=7d`);
    expect(usage.body.totals).toMatchObject({ calls: 3, attributed: 0, unresolved: 3 });
    expect(usage.body.rows).toEqual([]);
    expect(usage.body.unresolved).toMatchObject([{ name: 'all_everything_echo', calls: 3, reason: expect.stringMatching(/unknown server 'everything'/) }]);
    expect(await counted(id)).toEqual({
      daily: [{ key: 'unresolved:all_everything_echo:all', calls: 3 }],
      tools: [],
      segments: [{ calls: 3, unresolved: 3 }],
      sessions: [
        { session_id: 's1', calls: 2, succeeded: false },
        { session_id: 's2', calls: 1, succeeded: false },
      ],
    });

    const put = await api.put(`/api/projects/${id}/catalog/everything`, { json: ECHO });
    expect(put.status).toBe(201);
    expect(put.body.resolvedCalls).toBe(3);

    const after = await api.get(`/api/projects/${id}/events`);
    for (const e of after.body.events) expect(e).toMatchObject({ kind: 'tool', canonical: 'everything/echo', namespace: 'all', unresolvedReason: null });
    // Counted under everything/echo and nowhere else: not twice, not under the presented name.
    expect(await counted(id)).toEqual({
      daily: [{ key: 'tool:everything/echo:all', calls: 3 }],
      tools: [{ tool: 'everything/echo', calls: 3, sessions: 2 }],
      segments: [{ calls: 3, unresolved: 0 }],
      sessions: [
        { session_id: 's1', calls: 2, succeeded: true },
        { session_id: 's2', calls: 1, succeeded: true },
      ],
    });
    const ranked = await api.get(`/api/projects/${id}/usage?window=7d`);
    expect(ranked.body.totals).toMatchObject({ calls: 3, attributed: 3, unresolved: 0 });
    expect(ranked.body.rows.map((r: { tool: string; calls: number }) => [r.tool, r.calls])).toEqual([['everything/echo', 3]]);
    expect(ranked.body.unresolved).toEqual([]);
  });

  it('stays unresolved when the uploaded catalog does not list the routed tool, saying so', async () => {
    const id = await createTestProject();
    await api.post(`/api/projects/${id}/events`, { json: [event('g1', 'all_everything_gone', { server: 'everything', canonical: 'everything/gone' })] });
    const put = await api.put(`/api/projects/${id}/catalog/everything`, { json: ECHO });
    expect(put.body.resolvedCalls).toBe(0);
    const [stored] = (await api.get(`/api/projects/${id}/events`)).body.events;
    expect(stored).toMatchObject({ kind: 'unresolved', canonical: null });
    expect(stored.unresolvedReason).toMatch(/'everything' does not list 'gone'/);
  });

  it('never counts a name it cannot resolve under a made-up server/tool, whatever the form', async () => {
    const id = await createTestProject(['github']);
    const calls = [
      event('n1', 'all_everything_echo', { server: 'everything' }),
      event('n2', 'github/delete_everything'),
      event('n3', 'delete_everything', { server: 'github' }),
      event('n4', 'mcp_invoke_tool', { arguments: { server: 'everything', tool: 'echo' } }),
    ];
    await api.post(`/api/projects/${id}/events`, { json: calls });
    const stored = (await api.get(`/api/projects/${id}/events`)).body.events;
    expect(stored.map((e: { kind: string; canonical: string | null }) => [e.kind, e.canonical])).toEqual(calls.map(() => ['unresolved', null]));
    const usage = await api.get(`/api/projects/${id}/usage?window=7d`);
    expect(usage.body.totals).toMatchObject({ calls: 4, attributed: 0, unresolved: 4 });
  });

  it('refuses a canonical that is not server/tool, and stores the rest of the batch', async () => {
    const id = await createTestProject(['github']);
    const res = await api.post(`/api/projects/${id}/events`, {
      json: [
        event('ok', 'list_issues', { canonical: 'github/list_issues' }),
        event('bad', 'echo', { canonical: 'echo' }),
        event('long', 'echo', { canonical: `everything/${'e'.repeat(600)}` }),
      ],
    });
    expect(res.body.accepted).toBe(1);
    expect(res.body.rejected).toMatchObject([
      { index: 1, error_code: 'VALIDATION_FAILED', message: expect.stringMatching(/^canonical: canonical must be '<server>\/<tool>'/) },
      { index: 2, error_code: 'VALIDATION_FAILED', message: expect.stringMatching(/^canonical: canonical is at most 512 characters/) },
    ]);
    const [stored] = (await api.get(`/api/projects/${id}/events`)).body.events;
    expect(stored).toMatchObject({ id: 'ok', kind: 'tool', canonical: 'github/list_issues' });
  });
});
