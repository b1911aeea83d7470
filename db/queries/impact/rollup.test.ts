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
               calls, errors, favourite_calls, meta_calls, off_catalog_calls, checked_calls, well_formed_calls, first_tool_at, first_tool_right
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

/** Arguments another proxy may send (ingest checks them): none, the owner and repo only, or those with two more keys. */
const ARGUMENTS = [undefined, { owner: 'o', repo: 'r' }, { owner: 'o', repo: 'r', issue_number: 1, title: 't' }];

/** Sessions whose calls span three UTC days, with every kind of name, status, model, client and argument check. */
function traffic(n: number, seed: number) {
  const rand = seededRandom(seed);
  const start = Date.now() - 3 * 86_400_000;
  return Array.from({ length: n }, (_, i) => {
    const session = Math.floor(rand() * 25);
    const name = NAMES[Math.floor(rand() * NAMES.length)]!;
    const args = 'arguments' in name ? {} : { arguments: ARGUMENTS[Math.floor(rand() * ARGUMENTS.length)] };
    return {
      id: `e-${seed}-${i}`,
      timestamp: new Date(start + Math.floor(rand() * 3 * 86_400_000)).toISOString(),
      ...name,
      ...args,
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
    // The argument figures are there to compare: checked calls, some well-formed, first tool calls right, wrong and unchecked.
    const judged = ingested.sessions as { checked_calls: number; well_formed_calls: number; first_tool_right: boolean | null }[];
    expect(judged.some((r) => r.well_formed_calls > 0 && r.well_formed_calls < r.checked_calls)).toBe(true);
    expect(new Set(judged.map((r) => r.first_tool_right))).toEqual(new Set([true, false, null]));
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
    // One start for every batch: a clock read per call would move the later batches' calls later.
    const start = Date.now() - 3_600_000;
    const call = (n: number, tool: string, status = 'ok') => ({
      id: `c${n}`,
      timestamp: new Date(start + n * 1000).toISOString(),
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

  it('counts checked and well-formed calls, and whether the first tool call was right, the same in any order and batches', async () => {
    const t0 = Date.now() - 3_600_000;
    const call = (id: string, seconds: number, tool: string, args?: object, status = 'ok') => ({
      id,
      timestamp: new Date(t0 + seconds * 1000).toISOString(),
      tool,
      status,
      sessionId: 's',
      ...(args === undefined ? {} : { arguments: args }),
    });
    const calls = [
      // A meta call first: not a call to a tool, so not the first tool call.
      call('meta', 0, 'mcp_find_tools'),
      // At 1 s two tool calls: one right, one not checked (no arguments), so whether the first was right is not known...
      call('right', 1, 'github/list_issues', { owner: 'o', repo: 'r' }),
      call('unchecked', 1, 'github/get_issue'),
      // ...until a wrong one at the same time makes it wrong.
      call('wrong', 1, 'github/get_issue', { owner: 'o', repo: 'r', issue: 1 }, 'error'),
      call('later', 2, 'github/get_issue', { owner: 'o', repo: 'r', issue_number: 1 }),
    ];
    const row = async (id: string) =>
      (
        await queryRows<{ checked: number; well_formed: number; first_tool_ms: number | null; first_tool_right: boolean | null }>(
          t.db,
          sql`select checked_calls as checked, well_formed_calls as well_formed,
                     (extract(epoch from first_tool_at) * 1000)::float8 as first_tool_ms, first_tool_right
              from usage_sessions where project_id = ${id}`,
        )
      )[0];
    const ingest = async (batches: object[][]) => {
      const id = await createTestProject(['github']);
      for (const batch of batches) expect((await api.post(`/api/projects/${id}/events`, { json: batch })).body.accepted).toBe(batch.length);
      return row(id);
    };
    const oneBatch = await ingest([calls]);
    expect(oneBatch).toEqual({ checked: 3, well_formed: 2, first_tool_ms: t0 + 1000, first_tool_right: false });
    const rand = seededRandom(9);
    const orders = [
      calls.map((c) => [c]),
      [...calls].reverse().map((c) => [c]),
      [calls.slice(3), calls.slice(0, 3)],
      ...Array.from({ length: 3 }, () => {
        const mixed = shuffled(calls, rand);
        return [mixed.slice(0, 2), mixed.slice(2)];
      }),
    ];
    for (const batches of orders) expect(await ingest(batches), JSON.stringify(batches.map((b) => b.map((c) => c.id)))).toEqual(oneBatch);

    // Without the wrong call, the tie of a right and an unchecked call is unknown; alone, the right one is right.
    const withoutWrong = calls.filter((c) => c.id !== 'wrong');
    expect((await ingest([withoutWrong]))!.first_tool_right).toBeNull();
    expect((await ingest(withoutWrong.map((c) => [c])))!.first_tool_right).toBeNull();
    expect((await ingest([calls.filter((c) => c.id !== 'wrong' && c.id !== 'unchecked')]))!.first_tool_right).toBe(true);
  });
});
