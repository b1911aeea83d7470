import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '@/db/sql';
import { api, expectEnvelope, ndjson } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject, event, fixtureCatalog, storedEventCount } from '@/test/fixtures';

const t = setupTestDatabase();
const NDJSON = { 'content-type': 'application/x-ndjson' };

const storedCount = (projectId: string) => storedEventCount(t.db, projectId);

async function rollupCalls(projectId: string): Promise<Record<string, number>> {
  const rows = await queryRows<{ tool: string; kind: string; calls: number }>(
    t.db,
    sql`select tool, kind, sum(calls)::int as calls from usage_daily where project_id = ${projectId} group by tool, kind`,
  );
  return Object.fromEntries(rows.map((r) => [`${r.kind}:${r.tool}`, r.calls]));
}

function batch(n: number, prefix: string) {
  return Array.from({ length: n }, (_, i) => event(`${prefix}-${i}`, i % 2 ? 'all/github/create_issue' : 'favourite/read_file', { sessionId: `s-${i % 7}` }));
}

describe('POST /api/projects/:id/events', () => {
  it('stores each event of an NDJSON batch once, however often the batch is sent', async () => {
    const id = await createTestProject(['github', 'filesystem']);
    const body = ndjson(batch(500, 'dup'));
    const first = await api.post(`/api/projects/${id}/events`, { body, headers: NDJSON });
    expect(first.body).toEqual({ accepted: 500, duplicates: 0, rejected: [] });
    const second = await api.post(`/api/projects/${id}/events`, { body, headers: NDJSON });
    expect(second.body).toEqual({ accepted: 0, duplicates: 500, rejected: [] });
    expect(await storedCount(id)).toBe(500);
    // The rollup counted them once too.
    const calls = await rollupCalls(id);
    expect(calls['tool:github/create_issue']).toBe(250);
  });

  it('stores 997 of 1,000 events and names the 3 bad ones by index', async () => {
    const id = await createTestProject(['github']);
    const events: unknown[] = batch(1000, 'mix');
    events[17] = { ...(events[17] as object), timestamp: 'yesterday' };
    events[512] = { id: 'no-tool', timestamp: new Date().toISOString() };
    events[998] = { ...(events[998] as object), timestamp: new Date(Date.now() + 3_600_000).toISOString() };
    const res = await api.post(`/api/projects/${id}/events`, { body: ndjson(events), headers: NDJSON });
    expect(res.status).toBe(200);
    expect(res.body.accepted).toBe(997);
    expect(res.body.rejected.map((r: { index: number }) => r.index)).toEqual([17, 512, 998]);
    expect(res.body.rejected[0]).toMatchObject({ error_code: 'VALIDATION_FAILED', message: expect.stringMatching(/^timestamp: .*RFC 3339/) });
    expect(res.body.rejected[1]).toMatchObject({ error_code: 'VALIDATION_FAILED', message: expect.stringMatching(/^tool/) });
    expect(res.body.rejected[2]).toMatchObject({ error_code: 'TIMESTAMP_IN_FUTURE' });
    expect(await storedCount(id)).toBe(997);
  });

  it('reports a line that is not JSON as that event, and keeps the rest', async () => {
    const id = await createTestProject(['github']);
    const body = `${JSON.stringify(event('a', 'github/list_issues'))}\n{oops\n\n${JSON.stringify(event('b', 'github/list_issues'))}\n`;
    const res = await api.post(`/api/projects/${id}/events`, { body, headers: NDJSON });
    expect(res.body).toEqual({
      accepted: 2,
      duplicates: 0,
      rejected: [{ index: 1, error_code: 'MALFORMED_JSON', message: expect.stringMatching(/^line 2 is not valid JSON/) }],
    });
  });

  it('takes {"events":[…]}, a JSON array, and a single event object', async () => {
    const id = await createTestProject(['github']);
    const wrapped = await api.post(`/api/projects/${id}/events`, { json: { events: [event('w1', 'github/list_issues')] } });
    const array = await api.post(`/api/projects/${id}/events`, { json: [event('a1', 'github/list_issues'), event('a2', 'github/get_issue')] });
    const single = await api.post(`/api/projects/${id}/events`, { json: event('s1', 'github/get_issue') });
    expect([wrapped.body.accepted, array.body.accepted, single.body.accepted]).toEqual([1, 2, 1]);
    expect(await storedCount(id)).toBe(4);
  });

  it('refuses a body over 10 MiB with 413 and stores nothing', async () => {
    const id = await createTestProject(['github']);
    const padding = 'x'.repeat(2000);
    const events = Array.from({ length: 6000 }, (_, i) =>
      event(`big-${i}`, 'github/list_issues', {
        model: padding.slice(0, 256),
        client: padding.slice(0, 256),
        errorCode: padding.slice(0, 256),
        sessionId: padding.slice(0, 256),
        extra: padding,
      }),
    );
    const body = ndjson(events);
    expect(body.length).toBeGreaterThan(10 * 1024 * 1024);
    const declared = { ...NDJSON, 'content-length': String(Buffer.byteLength(body)) };
    expectEnvelope(await api.post(`/api/projects/${id}/events`, { body, headers: declared }), 413, 'PAYLOAD_TOO_LARGE');
    // Without a Content-Length header (chunked), the streaming limit catches it too.
    const chunked = await api.post(`/api/projects/${id}/events`, { body: new Blob([body]).stream(), headers: NDJSON });
    expectEnvelope(chunked, 413, 'PAYLOAD_TOO_LARGE');
    expect(await storedCount(id)).toBe(0);
  });

  it('refuses more than 10,000 events with 413 and stores nothing', async () => {
    const id = await createTestProject(['github']);
    const body = ndjson(Array.from({ length: 10_001 }, (_, i) => ({ id: `n${i}`, timestamp: '2026-11-01T00:00:00Z', tool: 'x' })));
    const res = await api.post(`/api/projects/${id}/events`, { body, headers: NDJSON });
    expectEnvelope(res, 413, 'TOO_MANY_EVENTS');
    expect(res.body.cited_rule).toBe('§events');
    expect(await storedCount(id)).toBe(0);
  });

  it('refuses other media types with 415, bad JSON with 400, unknown projects with 404', async () => {
    const id = await createTestProject(['github']);
    expectEnvelope(
      await api.post(`/api/projects/${id}/events`, { body: 'a=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expectEnvelope(
      await api.post(`/api/projects/${id}/events`, { body: '[{"id":', headers: { 'content-type': 'application/json' } }),
      400,
      'MALFORMED_REQUEST',
    );
    expectEnvelope(await api.post(`/api/projects/${id}/events`, { json: { events: 'nope' } }), 400, 'MALFORMED_REQUEST');
    expectEnvelope(await api.post('/api/projects/ghost/events', { json: [event('g', 'x')] }), 404, 'PROJECT_NOT_FOUND');
    expect(await storedCount(id)).toBe(0);
  });

  it('rejects one event holding U+0000 and stores its neighbours', async () => {
    const id = await createTestProject(['github']);
    const res = await api.post(`/api/projects/${id}/events`, {
      json: [
        event('ok1', 'github/list_issues'),
        event('bad\u0000', 'github/list_issues'),
        event('ok2', 'mcp_invoke_tool', { arguments: { server: 'github', tool: 'x\ud800' } }),
      ],
    });
    expect(res.body.accepted).toBe(1);
    expect(res.body.rejected.map((r: { index: number }) => r.index)).toEqual([1, 2]);
  });

  it('rejects an mcp_invoke_tool call naming a server or tool too long to store, and stores its neighbours', async () => {
    const id = await createTestProject(['github']);
    const long = 'x'.repeat(513);
    const res = await api.post(`/api/projects/${id}/events`, {
      json: [
        event('inv-ok', 'mcp_invoke_tool', { arguments: { server: 'github', tool: 'x'.repeat(512) } }),
        event('inv-tool', 'mcp_invoke_tool', { arguments: { server: 'github', tool: long } }),
        event('inv-server', 'mcp_invoke_tool', { arguments: { server: long, tool: 'list_issues' } }),
      ],
    });
    expect(res.body.accepted).toBe(1);
    expect(res.body.rejected).toEqual([
      expect.objectContaining({ index: 1, error_code: 'VALIDATION_FAILED', message: 'arguments: the tool it names is at most 512 characters' }),
      expect.objectContaining({ index: 2, error_code: 'VALIDATION_FAILED', message: 'arguments: the server it names is at most 512 characters' }),
    ]);
    expect(await storedCount(id)).toBe(1);
  });

  it('keeps the presented name and namespace, never the arguments', async () => {
    const id = await createTestProject(['github', 'gitlab']);
    await api.post(`/api/projects/${id}/events`, {
      json: [event('inv', 'mcp_invoke_tool', { arguments: { server_name: 'gitlab', tool_name: 'create_issue', arguments: { secret: 'hunter2' } } })],
    });
    const listed = await api.get(`/api/projects/${id}/events`);
    expect(listed.body.events[0]).toMatchObject({ id: 'inv', tool: 'mcp_invoke_tool', canonical: 'gitlab/create_issue', namespace: 'invoke', kind: 'tool' });
    const [row] = await queryRows<Record<string, unknown>>(t.db, sql`select * from events where project_id = ${id}`);
    expect(JSON.stringify(row)).not.toContain('hunter2');
  });

  it('keeps the MCP revision a proxy says each call came over, and refuses one that is not a revision', async () => {
    const id = await createTestProject(['github']);
    const res = await api.post(`/api/projects/${id}/events`, {
      json: [
        event('modern', 'all/github/create_issue', { protocolVersion: '2026-07-28' }),
        event('legacy', 'all/github/create_issue', { protocolVersion: '2025-11-25' }),
        event('unsaid', 'all/github/create_issue'),
        event('bad', 'all/github/create_issue', { protocolVersion: 'latest' }),
      ],
    });
    expect(res.body.accepted).toBe(3);
    expect(res.body.rejected).toEqual([expect.objectContaining({ index: 3, message: expect.stringMatching(/protocolVersion must be an MCP revision/) })]);
    const listed = await api.get(`/api/projects/${id}/events`);
    const byId = Object.fromEntries(listed.body.events.map((e: { id: string; protocolVersion: string | null }) => [e.id, e.protocolVersion]));
    expect(byId).toEqual({ modern: '2026-07-28', legacy: '2025-11-25', unsaid: null });
  });
});

describe('unresolved names are kept and resolved again later', () => {
  it('resolves calls once the catalog has their server, and moves their counts', async () => {
    const id = await createTestProject(['github']);
    const events = [
      event('u1', 'create_merge_request', { sessionId: 's1' }),
      event('u2', 'gitlab__create_merge_request', { sessionId: 's1' }),
      event('u3', 'all/gitlab/fork_repository', { sessionId: 's2' }),
      event('u4', 'deploy_app'),
    ];
    await api.post(`/api/projects/${id}/events`, { json: events });
    const before = await api.get(`/api/projects/${id}/events?kind=unresolved`);
    expect(before.body.events).toHaveLength(4);
    expect(before.body.events.find((e: { id: string }) => e.id === 'u1').unresolvedReason).toMatch(/unknown tool/);
    expect(await rollupCalls(id)).toMatchObject({ 'unresolved:create_merge_request': 1, 'unresolved:all/gitlab/fork_repository': 1 });

    const put = await api.put(`/api/projects/${id}/catalog/gitlab`, { json: fixtureCatalog('gitlab') });
    expect(put.body.resolvedCalls).toBe(3);

    const after = await api.get(`/api/projects/${id}/events`);
    const byId = Object.fromEntries(after.body.events.map((e: { id: string }) => [e.id, e]));
    expect(byId.u1).toMatchObject({ canonical: 'gitlab/create_merge_request', namespace: 'bare', kind: 'tool' });
    expect(byId.u2).toMatchObject({ canonical: 'gitlab/create_merge_request', namespace: 'typed' });
    expect(byId.u3).toMatchObject({ canonical: 'gitlab/fork_repository', namespace: 'all' });
    expect(byId.u4).toMatchObject({ kind: 'unresolved', canonical: null });
    const calls = await rollupCalls(id);
    expect(calls).toEqual({ 'tool:gitlab/create_merge_request': 2, 'tool:gitlab/fork_repository': 1, 'unresolved:deploy_app': 1 });
    const [sessions] = await queryRows<{ sessions: number }>(
      t.db,
      sql`select sum(sessions)::int as sessions from usage_daily_tools where project_id = ${id} and tool = 'gitlab/create_merge_request'`,
    );
    if (!sessions) throw new Error('an aggregate without group by returns one row');
    expect(sessions.sessions).toBe(1);
  });

  it('resolves favourite/ calls when the favourites change, by the version in force at each call', async () => {
    const id = await createTestProject(['github', 'gitlab']);
    const { writeFavourites } = await import('@/server/favourites/favourites');
    const early = new Date(Date.now() - 3_600_000).toISOString();
    await api.post(`/api/projects/${id}/events`, {
      json: [event('f1', 'favourite/create_issue', { timestamp: early }), event('f2', 'favourite/list_issues', { timestamp: early })],
    });
    expect((await api.get(`/api/projects/${id}/events?kind=unresolved`)).body.events).toHaveLength(2);

    await writeFavourites(t.db, id, { enabled: true, maxFavourites: 15, tools: ['gitlab/create_issue', 'github/list_issues'] }, { via: 'api' });
    // The new favourites took effect now, after the calls: the calls still fall under version 1
    // (the first version applies to anything before it), where nothing was a favourite.
    expect((await api.get(`/api/projects/${id}/events?kind=unresolved`)).body.events).toHaveLength(2);

    await api.post(`/api/projects/${id}/events`, { json: [event('f3', 'favourite/create_issue', { timestamp: new Date().toISOString() })] });
    const f3 = (await api.get(`/api/projects/${id}/events`)).body.events.find((e: { id: string }) => e.id === 'f3');
    expect(f3).toMatchObject({ canonical: 'gitlab/create_issue', namespace: 'favourite' });
  });

  it('counts a name as meta once the project lists it as a meta tool', async () => {
    const id = await createTestProject(['github']);
    await api.post(`/api/projects/${id}/events`, { json: [event('m1', 'search_tools'), event('m2', 'search_tools')] });
    await api.patch(`/api/projects/${id}`, { json: { metaTools: ['search_tools'] } });
    expect(await rollupCalls(id)).toEqual({ 'meta:search_tools': 2 });
  });
});
