import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '@/db/sql';
import { api } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject, event } from '@/test/fixtures';
import { ROUTERS_SERVERS } from '@/test/routers-tracker';

const t = setupTestDatabase();

/** A project with the routers catalog (tracker, notes). */
async function routersProject(): Promise<string> {
  const id = await createTestProject([], 'routers');
  for (const server of ROUTERS_SERVERS)
    expect((await api.put(`/api/projects/${id}/catalog/${server.name}`, { json: { tools: server.tools } })).status).toBeLessThan(300);
  return id;
}

/** A router call's trace as favindex proxy writes it (§routers): the router is its tool, the op's tool its canonical. */
const routed = (id: string, op: string, extra: Record<string, unknown> = {}) =>
  event(id, 'tracker_read', { router: 'tracker_read', op, server: 'tracker', canonical: `tracker/${op}`, mode: 'routers', argumentProblems: [], ...extra });

describe('router calls at ingest (§routers)', () => {
  it('counts a call through a router under its op’s server/tool, list_ops as a meta call, and a wrong op as unknown_op', async () => {
    const id = await routersProject();
    const res = await api.post(`/api/projects/${id}/events`, {
      json: [
        routed('a', 'get_issue', { sessionId: 's' }),
        routed('b', 'get_issue', { sessionId: 's' }),
        routed('c', 'list_pull', { sessionId: 's' }),
        event('ops', 'tracker_read', { router: 'tracker_read', op: 'list_ops', mode: 'routers', sessionId: 's' }),
        event('wrong', 'tracker_read', { router: 'tracker_read', op: 'read_issue', status: 'error', errorCode: 'unknown_op', mode: 'routers', sessionId: 's' }),
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.accepted).toBe(5);
    const rows = await queryRows<{ event_id: string; kind: string; tool: string; namespace: string; failure_classes: string[]; tool_hint: string | null }>(
      t.db,
      sql`select event_id, kind, tool, namespace, failure_classes, tool_hint from events where project_id = ${id} order by event_id`,
    );
    expect(rows.map((r) => [r.event_id, r.kind, r.tool, r.namespace, r.failure_classes, r.tool_hint])).toEqual([
      ['a', 'tool', 'tracker/get_issue', 'router', ['ok'], 'get_issue'],
      ['b', 'tool', 'tracker/get_issue', 'router', ['ok'], 'get_issue'],
      ['c', 'tool', 'tracker/list_pull', 'router', ['ok'], 'list_pull'],
      ['ops', 'meta', 'tracker_read', 'meta', ['ok'], null],
      ['wrong', 'meta', 'tracker_read', 'meta', ['unknown_op'], null],
    ]);

    const usage = (await api.get(`/api/projects/${id}/usage`)).body;
    expect(usage.rows.map((r: { tool: string; calls: number }) => [r.tool, r.calls])).toEqual([
      ['tracker/get_issue', 2],
      ['tracker/list_pull', 1],
    ]);
    expect(usage.totals).toMatchObject({ calls: 5, attributed: 3, meta: 2, unresolved: 0 });
    expect(usage.series.at(-1).namespaces).toMatchObject({ router: 3, meta: 2 });

    // Why calls fail: the wrong op is counted, as a call that reached no tool; list_ops is not a call to a tool.
    const why = (await api.get(`/api/projects/${id}/usage/arguments`)).body;
    expect(why.totals).toMatchObject({ calls: 4, classes: expect.objectContaining({ unknown_op: 1, ok: 3 }) });
    expect(why.tools.map((r: { tool: string }) => r.tool)).toEqual(['tracker/get_issue', 'tracker/list_pull']);
  });

  it('checks the op’s arguments another proxy sends against the op’s tool, as it does for mcp_invoke_tool', async () => {
    const id = await routersProject();
    const res = await api.post(`/api/projects/${id}/events`, {
      json: [routed('args', 'get_issue', { argumentProblems: undefined, arguments: { op: 'get_issue', arguments: { repo: 'r', numbr: '1' } } })],
    });
    expect(res.body.accepted).toBe(1);
    const [row] = await queryRows<{ failure_classes: string[]; argument_problems: { path: string; class: string }[] }>(
      t.db,
      sql`select failure_classes, argument_problems from events where project_id = ${id}`,
    );
    expect(row?.failure_classes).toEqual(['missing_required', 'unexpected_param']);
    expect(row?.argument_problems.map((p) => p.path).sort()).toEqual(['$.number', '$.numbr']);
  });
});
