import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '@/db/sql';
import { seededRandom } from '@/lib/stats/random';
import { api } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject, fixtureCatalog } from '@/test/fixtures';
import { recountImpactRollups } from './recount';

const t = setupTestDatabase();

/** The impact rollups as they stand; sessions per segment summed over days (the day a session counts on is the day it was first seen). */
async function snapshot(projectId: string) {
  const sessions = await queryRows(
    t.db,
    sql`select revision, mode, model, client, session_id, first_at, last_at, first_failed, first_success_at,
               array(select u from unnest(before_success) u order by u) as before_success,
               calls, errors, favourite_calls, meta_calls, off_catalog_calls
        from usage_sessions where project_id = ${projectId} order by revision, mode, model, client, session_id`,
  );
  const days = await queryRows(
    t.db,
    sql`select day::text, revision, mode, model, client, calls, errors, favourite_calls, meta_calls, unresolved_calls, off_catalog_calls
        from usage_daily_segments where project_id = ${projectId} order by 1, 2, 3, 4, 5`,
  );
  const sessionCounts = await queryRows(
    t.db,
    sql`select revision, mode, model, client, sum(sessions)::int as sessions
        from usage_daily_segments where project_id = ${projectId} group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
  );
  return { sessions, days, sessionCounts };
}

const NAMES: Record<string, unknown>[] = [
  { tool: 'favourite/create_issue' },
  { tool: 'all/github/list_issues' },
  { tool: 'github__get_issue' },
  { tool: 'mcp_find_tools' },
  { tool: 'mcp_invoke_tool', arguments: { server: 'github', tool: 'no_such_tool' } },
  { tool: 'mcp_invoke_tool', arguments: { server: 'jira', tool: 'create_ticket' } },
  { tool: 'mcp_invoke_tool', arguments: { tool: 'list_issues' } },
  { tool: 'gitlab__create_merge_request' },
  { tool: 'wander_about' },
];

/** Sessions whose calls span three UTC days, with every kind of name, status, model and client. */
function traffic(n: number, seed: number) {
  const rand = seededRandom(seed);
  const start = Date.now() - 3 * 86_400_000;
  return Array.from({ length: n }, (_, i) => {
    const session = Math.floor(rand() * 25);
    return {
      id: `e-${seed}-${i}`,
      timestamp: new Date(start + Math.floor(rand() * 3 * 86_400_000)).toISOString(),
      ...NAMES[Math.floor(rand() * NAMES.length)],
      sessionId: session === 0 ? undefined : `s${session}`,
      status: rand() < 0.25 ? 'error' : 'ok',
      model: session % 3 === 0 ? undefined : `m${session % 3}`,
      client: session % 4 === 0 ? 'cursor' : 'claude-code',
      // Some proxies say which revision and mode they presented; the rest are placed by time.
      ...(session % 5 === 1 ? { surfaceRevision: 2 } : {}),
      ...(session % 7 === 2 ? { mode: 'lazy' } : {}),
    };
  });
}

function shuffled<T>(items: T[], rand: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe('the impact rollups', () => {
  it('equal their recount from the raw events, however the calls arrive, and after names resolve later', async () => {
    const id = await createTestProject(['github', 'filesystem']);
    const pin = await api.post(`/api/projects/${id}/favourites/pin`, { json: { tool: 'github/create_issue' } });
    expect(pin.status).toBe(200);
    const rand = seededRandom(3);
    const events = shuffled(traffic(600, 1), rand);
    // Out of order, in overlapping batches, some of them at once.
    const batches = [events.slice(0, 150), events.slice(100, 300), events.slice(300, 420), events.slice(400)];
    await api.post(`/api/projects/${id}/events`, { json: batches[0] });
    await Promise.all(batches.slice(1).map((batch) => api.post(`/api/projects/${id}/events`, { json: batch })));
    const ingested = await snapshot(id);
    expect(ingested.sessions.length).toBeGreaterThan(20);
    expect(new Set(ingested.sessions.map((s) => (s as { revision: number }).revision))).toEqual(new Set([1, 2]));
    expect(ingested.days.some((r) => (r as { off_catalog_calls: number }).off_catalog_calls > 0)).toBe(true);
    await recountImpactRollups(t.db, id);
    expect(ingested).toEqual(await snapshot(id));

    // A catalog resolves gitlab__… (a tool call, maybe a session's first success); a meta tool claims wander_about.
    expect((await api.put(`/api/projects/${id}/catalog/gitlab`, { json: fixtureCatalog('gitlab') })).body.resolvedCalls).toBeGreaterThan(0);
    expect((await api.patch(`/api/projects/${id}`, { json: { metaTools: ['wander_about'] } })).status).toBe(200);
    const resolved = await snapshot(id);
    await recountImpactRollups(t.db, id);
    expect(resolved).toEqual(await snapshot(id));
    expect(resolved).not.toEqual(ingested);
  });

  it('counts calls before the first success, and whether the first call failed, whatever order the calls come in', async () => {
    const id = await createTestProject(['github']);
    const call = (n: number, tool: string, status = 'ok') => ({
      id: `c${n}`,
      timestamp: new Date(Date.now() - 3_600_000 + n * 1000).toISOString(),
      tool,
      status,
      sessionId: 's',
    });
    const row = async () =>
      (
        await queryRows<{ before: number; first_failed: boolean; calls: number }>(
          t.db,
          sql`select cardinality(before_success) as before, first_failed, calls from usage_sessions where project_id = ${id}`,
        )
      )[0];
    // A search, a failed call, then the first success: two calls before it.
    await api.post(`/api/projects/${id}/events`, { json: [call(5, 'github/get_issue'), call(6, 'github/list_issues', 'error')] });
    expect(await row()).toEqual({ before: 0, first_failed: false, calls: 2 });
    await api.post(`/api/projects/${id}/events`, { json: [call(2, 'mcp_find_tools'), call(3, 'github/list_issues', 'error')] });
    expect(await row()).toEqual({ before: 2, first_failed: false, calls: 4 });
    // An even earlier failed call: now the first call failed, and three came before the success.
    await api.post(`/api/projects/${id}/events`, { json: [call(1, 'github/get_issue', 'error')] });
    expect(await row()).toEqual({ before: 3, first_failed: true, calls: 5 });
    // An earlier success than all of those: nothing came before it but the failed first call.
    await api.post(`/api/projects/${id}/events`, { json: [call(0, 'github/create_issue', 'error'), { ...call(1.5, 'github/get_issue'), id: 'ok-early' }] });
    expect(await row()).toEqual({ before: 2, first_failed: true, calls: 7 });
  });
});
