import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '@/db/sql';
import { api } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject, fixtureCatalog } from '@/test/fixtures';

const t = setupTestDatabase();

/** What each rollup table should hold, counted straight from the raw events. */
async function fromEvents(projectId: string) {
  const tools = await queryRows(
    t.db,
    sql`select (ts at time zone 'UTC')::date::text as day, tool, count(*)::int as calls,
               count(*) filter (where status <> 'ok')::int as errors,
               count(distinct session_id)::int as sessions,
               count(distinct session_id) filter (where status = 'ok')::int as sessions_ok,
               max(ts) as last_used, max(ts) filter (where status = 'ok') as last_ok_used
        from events where project_id = ${projectId} and kind = 'tool' group by 1, 2 order by 1, 2`,
  );
  const namespaces = await queryRows(
    t.db,
    sql`select (ts at time zone 'UTC')::date::text as day, kind, namespace, count(*)::int as calls,
               count(*) filter (where status <> 'ok')::int as errors
        from events where project_id = ${projectId} group by 1, 2, 3 order by 1, 2, 3`,
  );
  return { tools, namespaces };
}

async function fromRollup(projectId: string) {
  const tools = await queryRows(
    t.db,
    sql`select day::text as day, tool, calls, errors, sessions, sessions_ok, last_used, last_ok_used
        from usage_daily_tools where project_id = ${projectId} order by 1, 2`,
  );
  const namespaces = await queryRows(
    t.db,
    sql`select day::text as day, kind, namespace, calls, errors
        from usage_daily_namespaces where project_id = ${projectId} order by 1, 2, 3`,
  );
  return { tools, namespaces };
}

const TOOLS = ['github/create_issue', 'all/github/list_issues', 'gitlab__create_merge_request', 'read_file', 'mcp_find_tools', 'jira__x'];

function events(prefix: string, n: number) {
  return Array.from({ length: n }, (_, i) => ({
    id: `${prefix}-${i}`,
    // Three UTC days, crossing midnight.
    timestamp: new Date(Date.parse('2026-03-08T22:00:00Z') + i * 37 * 60_000).toISOString(),
    tool: TOOLS[(i * 7) % TOOLS.length],
    sessionId: i % 5 === 0 ? undefined : `s${i % 4}`,
    status: i % 6 === 0 ? 'error' : 'ok',
  }));
}

describe('the usage rollup', () => {
  it('equals a GROUP BY over the raw events after ingest, re-sent batches, and names resolved later', async () => {
    const id = await createTestProject(['github', 'filesystem']);
    const first = events('a', 120);
    await api.post(`/api/projects/${id}/events`, { json: first.slice(0, 70) });
    // Overlapping batches: the duplicates must not count twice.
    await api.post(`/api/projects/${id}/events`, { json: first.slice(40) });
    expect(await fromRollup(id)).toEqual(await fromEvents(id));

    // gitlab__create_merge_request was unresolved; the gitlab catalog resolves it.
    const put = await api.put(`/api/projects/${id}/catalog/gitlab`, { json: fixtureCatalog('gitlab') });
    expect(put.body.resolvedCalls).toBeGreaterThan(0);
    const rollup = await fromRollup(id);
    expect(rollup).toEqual(await fromEvents(id));
    expect(rollup.tools.some((r) => (r as { tool: string }).tool === 'gitlab/create_merge_request')).toBe(true);
  });

  it('counts a session once per tool and day, and as ok once one of its calls there was ok', async () => {
    const id = await createTestProject(['github']);
    const call = (n: number, status: string, sessionId = 's1') => ({
      id: `c${n}`,
      timestamp: `2026-03-10T0${n}:00:00Z`,
      tool: 'github/list_issues',
      sessionId,
      status,
    });
    const sessions = async () =>
      (
        await queryRows<{ calls: number; sessions: number; sessions_ok: number }>(
          t.db,
          sql`select calls, sessions, sessions_ok from usage_daily_tools where project_id = ${id}`,
        )
      )[0];
    await api.post(`/api/projects/${id}/events`, { json: [call(1, 'error')] });
    expect(await sessions()).toEqual({ calls: 1, sessions: 1, sessions_ok: 0 });
    await api.post(`/api/projects/${id}/events`, { json: [call(2, 'ok')] });
    expect(await sessions()).toEqual({ calls: 2, sessions: 1, sessions_ok: 1 });
    await api.post(`/api/projects/${id}/events`, { json: [call(3, 'ok'), call(4, 'error', 's2')] });
    expect(await sessions()).toEqual({ calls: 4, sessions: 2, sessions_ok: 1 });
    expect(await fromRollup(id)).toEqual(await fromEvents(id));
  });
});
