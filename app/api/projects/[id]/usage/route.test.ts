import { describe, expect, it } from 'vitest';
import { writeFavourites } from '@/server/favourites/favourites';
import { api, expectEnvelope } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject, fixtureCatalog } from '@/test/fixtures';

const t = setupTestDatabase();

type Row = {
  tool: string;
  calls: number;
  errors: number;
  sessions: number;
  lastUsed: string;
  share: number;
  cumulativeShare: number;
  pinned: boolean;
  inCatalog: boolean;
};

const at = (day: string, time: string) => `2026-03-${day}T${time}Z`;
const ev = (id: string, timestamp: string, tool: string, sessionId: string, extra: Record<string, unknown> = {}) => ({
  id,
  timestamp,
  tool,
  sessionId,
  ...extra,
});

/**
 * Three days, 2026-03-08 … 2026-03-10, with every tie-break of §usage in play, one event at the
 * first midnight (inside) and one a millisecond before it (outside). Expectations below are
 * counted by hand from this list.
 */
const EVENTS = [
  ev('ci1', at('10', '10:00:00.000'), 'all/github/create_issue', 's1'),
  ev('ci2', at('10', '09:30:00.000'), 'github__create_issue', 's1', { status: 'error', errorCode: 'TIMEOUT' }),
  ev('ci3', at('09', '12:00:00.000'), 'mcp_invoke_tool', 's2', { arguments: { server: 'github', tool: 'create_issue' } }),
  ev('ci4', at('08', '00:00:00.000'), 'github/create_issue', 's3', { status: 'error' }),
  ev('li0', at('07', '23:59:59.999'), 'github/list_issues', 's9'),
  ev('li1', at('10', '09:00:00.000'), 'github/list_issues', 's1'),
  ev('li2', at('10', '08:00:00.000'), 'github/list_issues', 's2'),
  ev('li3', at('09', '08:00:00.000'), 'all/github/list_issues', 's2'),
  ev('rf1', at('10', '07:00:00.000'), 'read_file', 's1'),
  ev('rf2', at('10', '07:01:00.000'), 'read_file', 's1'),
  ev('rf3', at('10', '07:02:00.000'), 'read_file', 's1'),
  ev('gi1', at('09', '11:00:00.000'), 'github/get_issue', 's4'),
  ev('gi2', at('09', '12:00:00.000'), 'github/get_issue', 's4'),
  ev('si1', at('10', '07:30:00.000'), 'github/search_issues', 's4'),
  ev('si2', at('10', '08:00:00.000'), 'github/search_issues', 's4'),
  ev('ac1', at('08', '10:00:00.000'), 'github/add_issue_comment', 's5'),
  ev('ld1', at('08', '10:00:00.000'), 'filesystem/list_directory', 's5'),
  ev('m1', at('09', '10:00:00.000'), 'mcp_find_tools', 's1'),
  ev('m2', at('09', '10:05:00.000'), 'mcp_find_tools', 's1'),
  ev('j1', at('09', '10:00:00.000'), 'jira__create_ticket', 's1'),
  ev('j2', at('10', '11:00:00.000'), 'jira__create_ticket', 's1'),
  ev('g1', at('10', '11:30:00.000'), 'gitlab/create_merge_request', 's6'),
];

const PINNED = ['filesystem/read_file', 'github/get_issue', 'github/fork_repository'];

async function seededProject(): Promise<string> {
  const id = await createTestProject(['github', 'filesystem']);
  const res = await api.post(`/api/projects/${id}/events`, { json: EVENTS });
  expect(res.body).toMatchObject({ accepted: EVENTS.length, rejected: [] });
  await writeFavourites(t.db, id, { enabled: true, maxFavourites: 3, tools: PINNED }, { via: 'api' });
  return id;
}

const usage = (id: string, query: string) => api.get(`/api/projects/${id}/usage?${query}`);
const pick = (rows: Row[]) => rows.map((r) => [r.tool, r.calls, r.errors, r.sessions, r.lastUsed]);

describe('GET /api/projects/:id/usage', () => {
  it('ranks by calls, then sessions, then last use, then name, over the window whose first midnight is inside', async () => {
    const id = await seededProject();
    const res = await usage(id, 'window=3d&until=2026-03-10');
    expect(res.status).toBe(200);
    expect(res.body.window).toEqual({ from: '2026-03-08', to: '2026-03-10', days: 3 });
    expect(pick(res.body.rows)).toEqual([
      ['github/create_issue', 4, 2, 3, at('10', '10:00:00.000')],
      // 3 calls each: list_issues has 3 sessions (s2 counts once on each of its two days), read_file 1.
      ['github/list_issues', 3, 0, 3, at('10', '09:00:00.000')],
      ['filesystem/read_file', 3, 0, 1, at('10', '07:02:00.000')],
      // 2 calls and 1 session each: the later last use first.
      ['github/search_issues', 2, 0, 1, at('10', '08:00:00.000')],
      ['github/get_issue', 2, 0, 1, at('09', '12:00:00.000')],
      // Everything equal but the name.
      ['filesystem/list_directory', 1, 0, 1, at('08', '10:00:00.000')],
      ['github/add_issue_comment', 1, 0, 1, at('08', '10:00:00.000')],
    ]);
    expect(res.body.rows.map((r: Row) => r.share)).toEqual([0.25, 0.1875, 0.1875, 0.125, 0.125, 0.0625, 0.0625]);
    expect(res.body.rows.map((r: Row) => r.cumulativeShare)).toEqual([0.25, 0.4375, 0.625, 0.75, 0.875, 0.9375, 1]);
    expect(res.body.rows.filter((r: Row) => r.pinned).map((r: Row) => r.tool)).toEqual(['filesystem/read_file', 'github/get_issue']);
    expect(res.body.rows.every((r: Row) => r.inCatalog)).toBe(true);
    expect(res.body.totals).toEqual({ calls: 21, attributed: 16, unresolved: 3, meta: 2, tools: 7 });
    expect(res.body.sessionCounting).toBe('per-day');
  });

  it('moves the window with until: a day earlier, the first-midnight event is out and the one before it in', async () => {
    const id = await seededProject();
    const res = await usage(id, 'window=3d&until=2026-03-09T23:59:59.999Z');
    expect(res.body.window).toEqual({ from: '2026-03-07', to: '2026-03-09', days: 3 });
    const rows = Object.fromEntries(res.body.rows.map((r: Row) => [r.tool, r.calls]));
    expect(rows['github/list_issues']).toBe(2); // li0 at 23:59:59.999 of 03-07 and li3
    expect(rows['github/create_issue']).toBe(2); // ci3 and ci4
    const oneDay = await usage(id, 'window=1d&until=2026-03-10T00:00:00Z');
    expect(oneDay.body.rows.map((r: Row) => r.tool)).toEqual(['filesystem/read_file', 'github/list_issues', 'github/create_issue', 'github/search_issues']);
  });

  it('counts only ok calls with status=ok: calls − errors, sessions with an ok call, the last ok call', async () => {
    const id = await seededProject();
    const res = await usage(id, 'window=3d&until=2026-03-10&status=ok');
    expect(res.body.status).toBe('ok');
    expect(pick(res.body.rows).slice(0, 4)).toEqual([
      ['github/list_issues', 3, 0, 3, at('10', '09:00:00.000')],
      ['filesystem/read_file', 3, 0, 1, at('10', '07:02:00.000')],
      ['github/create_issue', 2, 0, 2, at('10', '10:00:00.000')],
      ['github/search_issues', 2, 0, 1, at('10', '08:00:00.000')],
    ]);
    expect(res.body.totals).toEqual({ calls: 19, attributed: 14, unresolved: 3, meta: 2, tools: 7 });
  });

  it('gives the coverage of the current favourites and the top-K curve', async () => {
    const id = await seededProject();
    const res = await usage(id, 'window=3d&until=2026-03-10&top=2');
    expect(res.body.rows).toHaveLength(2);
    expect(res.body.favourites).toMatchObject({ enabled: true, maxFavourites: 3, tools: PINNED });
    const { coverage } = res.body;
    // read_file 3 + get_issue 2 + fork_repository 0, of 16 attributed calls.
    expect(coverage).toMatchObject({ calls: 5, attributed: 16, share: 0.3125, atMaxFavourites: 0.625 });
    expect(coverage.pinned).toEqual([
      { tool: 'filesystem/read_file', calls: 3, rank: 3 },
      { tool: 'github/get_issue', calls: 2, rank: 5 },
      { tool: 'github/fork_repository', calls: 0, rank: null },
    ]);
    // The curve covers every tool used, whatever `top` cut the rows to.
    expect(coverage.curve).toEqual([0.25, 0.4375, 0.625, 0.75, 0.875, 0.9375, 1].map((share, i) => ({ k: i + 1, share })));
  });

  it('gives a daily series per namespace with every day present', async () => {
    const id = await seededProject();
    const res = await usage(id, 'window=4d&until=2026-03-10');
    const days = res.body.series;
    expect(days.map((d: { day: string }) => d.day)).toEqual(['2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10']);
    expect(days[0]).toMatchObject({ calls: 1, attributed: 1, namespaces: { canonical: 1 } });
    expect(days[1]).toMatchObject({ calls: 3, attributed: 3, namespaces: { canonical: 3, all: 0 } });
    expect(days[2]).toMatchObject({ calls: 7, attributed: 4, meta: 2, unresolved: 1, namespaces: { invoke: 1, all: 1, canonical: 2, meta: 2, typed: 1 } });
    expect(days[3]).toMatchObject({ calls: 11, attributed: 9, unresolved: 2, namespaces: { all: 1, typed: 2, canonical: 5, bare: 3 } });
    const empty = await usage(id, 'window=2d&until=2026-01-02');
    expect(empty.body.series).toEqual([
      {
        day: '2026-01-01',
        calls: 0,
        attributed: 0,
        unresolved: 0,
        meta: 0,
        namespaces: { favourite: 0, all: 0, typed: 0, invoke: 0, canonical: 0, bare: 0, meta: 0, router: 0 },
      },
      {
        day: '2026-01-02',
        calls: 0,
        attributed: 0,
        unresolved: 0,
        meta: 0,
        namespaces: { favourite: 0, all: 0, typed: 0, invoke: 0, canonical: 0, bare: 0, meta: 0, router: 0 },
      },
    ]);
    expect(empty.body.rows).toEqual([]);
    expect(empty.body.coverage).toMatchObject({ share: 0, curve: [] });
  });

  it('lists unresolved names with counts and reasons, and moves a name into its tool row once it resolves', async () => {
    const id = await seededProject();
    const before = await usage(id, 'window=3d&until=2026-03-10');
    expect(before.body.unresolved).toEqual([
      { name: 'jira__create_ticket', calls: 2, lastUsed: at('10', '11:00:00.000'), reason: expect.stringMatching(/typed name 'jira__create_ticket'/) },
      { name: 'gitlab/create_merge_request', calls: 1, lastUsed: at('10', '11:30:00.000'), reason: expect.stringMatching(/unknown server 'gitlab'/) },
    ]);

    const put = await api.put(`/api/projects/${id}/catalog/gitlab`, { json: fixtureCatalog('gitlab') });
    expect(put.body.resolvedCalls).toBe(1);

    const after = await usage(id, 'window=3d&until=2026-03-10');
    expect(after.body.unresolved.map((u: { name: string }) => u.name)).toEqual(['jira__create_ticket']);
    expect(after.body.totals).toEqual({ calls: 21, attributed: 17, unresolved: 2, meta: 2, tools: 8 });
    const row = after.body.rows.find((r: Row) => r.tool === 'gitlab/create_merge_request');
    expect(row).toMatchObject({ calls: 1, errors: 0, sessions: 1, lastUsed: at('10', '11:30:00.000'), inCatalog: true });
    // One call, one session, the latest of the one-call tools: it ranks right after the two-call ones.
    expect(after.body.rows.map((r: Row) => r.tool).indexOf('gitlab/create_merge_request')).toBe(5);
    // Its call stays under the namespace it was presented in; it now counts as attributed.
    expect(after.body.series[2]).toMatchObject({ calls: 11, attributed: 10, unresolved: 1, namespaces: { canonical: 5 } });
  });

  it('breaks the calls down by model and by client, most calls first', async () => {
    const id = await createTestProject(['github']);
    const events = [
      ev('a1', at('10', '10:00:00.000'), 'github/get_issue', 's1', { model: 'm-a', client: 'claude-code' }),
      ev('a2', at('10', '10:01:00.000'), 'favourite/get_issue', 's1', { model: 'm-a', client: 'claude-code' }),
      ev('a3', at('10', '10:02:00.000'), 'github/list_issues', 's1', { model: 'm-a', client: 'claude-code', status: 'error' }),
      ev('b1', at('10', '11:00:00.000'), 'mcp_find_tools', 's2', { model: 'm-b', client: 'cursor' }),
      ev('b2', at('09', '11:00:00.000'), 'github/get_issue', 's2', { model: 'm-b', client: 'cursor' }),
      { id: 'n1', timestamp: at('10', '12:00:00.000'), tool: 'github/get_issue', client: 'cursor' },
    ];
    await api.post(`/api/projects/${id}/events`, { json: events });
    const { breakdown } = (await usage(id, 'window=3d&until=2026-03-10')).body;
    expect(breakdown.models).toEqual([
      { name: 'm-a', calls: 3, share: 0.5, errors: 1, sessions: 1, favouriteCalls: 1, metaCalls: 0, unresolvedCalls: 1 },
      { name: 'm-b', calls: 2, share: 2 / 6, errors: 0, sessions: 1, favouriteCalls: 0, metaCalls: 1, unresolvedCalls: 0 },
      { name: null, calls: 1, share: 1 / 6, errors: 0, sessions: 0, favouriteCalls: 0, metaCalls: 0, unresolvedCalls: 0 },
    ]);
    expect(breakdown.clients.map((c: { name: string; calls: number }) => [c.name, c.calls])).toEqual([
      ['claude-code', 3],
      ['cursor', 3],
    ]);
    // A window without the calls has nothing to break down.
    expect((await usage(id, 'window=1d&until=2026-03-08')).body.breakdown).toEqual({ models: [], clients: [] });
  });

  it('refuses bad parameters with a 400 that names them, and an unknown project with a 404', async () => {
    const id = await seededProject();
    for (const query of ['window=0d', 'window=366d', 'window=30', 'window=abc', 'status=failed', 'until=yesterday', 'until=2026-02-30', 'top=0', 'top=x']) {
      const res = await usage(id, query);
      expectEnvelope(res, 400, 'INVALID_PARAMETER');
      expect(res.body.cited_rule).toBe('§usage');
      expect(res.body.message).toMatch(new RegExp(query.split('=')[0]!));
    }
    expectEnvelope(await usage('no-such-project', 'window=7d'), 404, 'PROJECT_NOT_FOUND');
    // Nothing a refused read does changes what a good one sees.
    expect((await usage(id, 'window=3d&until=2026-03-10')).body.totals.calls).toBe(21);
  });
});

describe('GET /api/usage', () => {
  it("gives each project's calls per day over the last days, every day present", async () => {
    const busy = await seededProject();
    const idle = await createTestProject([]);
    const res = await api.get('/api/usage?window=4d&until=2026-03-10');
    expect(res.status).toBe(200);
    const byId = Object.fromEntries(res.body.projects.map((p: { id: string }) => [p.id, p]));
    expect(byId[busy]).toEqual({
      id: busy,
      calls: 22,
      daily: [
        { day: '2026-03-07', calls: 1 },
        { day: '2026-03-08', calls: 3 },
        { day: '2026-03-09', calls: 7 },
        { day: '2026-03-10', calls: 11 },
      ],
    });
    expect(byId[idle]).toMatchObject({ calls: 0, daily: [{ calls: 0 }, { calls: 0 }, { calls: 0 }, { calls: 0 }] });
    expectEnvelope(await api.get('/api/usage?window=400d'), 400, 'INVALID_PARAMETER');
  });
});
