import type { Client } from '@modelcontextprotocol/client';
import type { CallToolResult, Tool } from '@modelcontextprotocol/server';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/db/sql';
import { DEFAULT_TOOL_BUDGET } from '@/lib/schemas/routers';
import { api } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';
import { startRouteServer } from '@/test/route-server';
import type { TestMcpServer } from '@/test/mcp-server';
import { ROUTERS, ROUTERS_SERVERS } from '@/test/routers-tracker';
import { startTrackerProxy, type TrackerProxy, waitFor } from '@/test/tracker-proxy';

/**
 * The routers mode end to end (§routers, issue #49): a real SDK Client, favindex proxy (in this
 * process, over Streamable HTTP), two real MCP servers of 43 tools, and favindex's own routes on
 * the test database. The routers are stored as a user stores them (PUT /routers), the proxy
 * reads them from the project's /surface, and the preview it is compared with is GET /preview's.
 */
const t = setupTestDatabase();

let routes: Awaited<ReturnType<typeof startRouteServer>>;
let tracker: TestMcpServer;
let notes: TestMcpServer;
let running: TrackerProxy;
let client: Client;
let id: string;

/** The routers mode's preview for `client`, as the dashboard asks for it. */
async function routersPreview(client: 'raw' | 'claude-code') {
  const res = await api.get(`/api/projects/${id}/preview?mode=routers&agentTools=0&client=${client}`);
  expect(res.status).toBe(200);
  return res.body.modes[0] as { tools: { name: string; presented?: string; description: string; inputSchema: unknown; visibility: string }[] };
}

async function patchSurface(change: Record<string, unknown>): Promise<void> {
  const current = (await api.get(`/api/projects/${id}`)).body;
  expect((await api.patch(`/api/projects/${id}`, { json: { surface: { ...current.surface, ...change } } })).status).toBe(200);
}

const texts = (result: CallToolResult) => result.content.map((c) => (c.type === 'text' ? c.text : ''));
const listed = async (): Promise<Tool[]> => (await client.listTools()).tools;
const serverCalls = () => [...tracker.calls(), ...notes.calls()];

beforeAll(async () => {
  routes = await startRouteServer();
  id = await createTestProject([], 'routers');
  expect((await api.put(`/api/projects/${id}/routers`, { json: ROUTERS, headers: { 'if-match': '"0"' } })).status).toBe(200);
  // Enforced from the start: a call with wrong arguments is then refused at once, with no wait for a poll.
  await patchSurface({ mode: 'routers', argumentChecks: 'enforce' });
  const token = (await api.post(`/api/projects/${id}/tokens`, { json: { name: 'routers proxy' } })).body.token as string;
  running = await startTrackerProxy(routes.origin, id, token);
  ({ tracker, notes } = running);
  client = await running.connect('routers-test');
  // Ready: both catalogs uploaded, and the routers listed; then a favourite pinned, and listed first.
  await waitFor('the routers list', listed, (tools) => tools.some((t) => t.name === 'tracker_read') && tools.some((t) => t.name === 'all_notes_append_note'));
  expect((await api.post(`/api/projects/${id}/favourites/pin`, { json: { tool: 'notes/read_note' } })).status).toBe(200);
  await waitFor('the favourite', listed, (tools) => tools[0]?.name === 'fav_read_note');
}, 60_000);

afterAll(async () => {
  await running?.stop();
  await routes?.stop();
});

describe('favindex proxy in the routers mode, with a real client and real MCP servers', () => {
  it('presents 43 tools in at most the budget, each reachable through exactly one op or tool besides its favourite name', async () => {
    const tools = await listed();
    expect(tools.map((t) => t.name)).toEqual([
      'fav_read_note',
      'tracker_read',
      'tracker_write',
      'all_notes_search_notes',
      'all_notes_read_note',
      'all_notes_append_note',
    ]);
    expect(tools.length).toBeLessThanOrEqual(DEFAULT_TOOL_BUDGET);
    const reached = tools.slice(1).flatMap((tool) => {
      const ops = (tool.inputSchema.properties?.op as { enum?: string[] } | undefined)?.enum;
      return ops ? ops.filter((op) => op !== 'list_ops').map((op) => `tracker/${op}`) : [tool.name.replace(/^all_notes_/, 'notes/')];
    });
    const catalog = ROUTERS_SERVERS.flatMap((s) => s.tools.map((tool) => `${s.name}/${tool.name}`));
    expect(reached.sort()).toEqual(catalog.sort());
    expect(client.getInstructions()).toContain('Prefer the fav_ tools');
  });

  it('equals the preview, for the raw client and for Claude Code', async () => {
    const tools = await listed();
    const raw = await routersPreview('raw');
    // Names and descriptions byte for byte; schemas as JSON values (the stored catalog keeps a schema's keys in its own order).
    expect(JSON.stringify(tools.map((t) => [t.name, t.description]))).toBe(JSON.stringify(raw.tools.map((t) => [t.name, t.description])));
    expect(tools.map((t) => t.inputSchema)).toEqual(raw.tools.map((t) => t.inputSchema));
    const claude = await routersPreview('claude-code');
    expect(claude.tools.map((t) => t.presented ?? t.name)).toEqual(tools.map((t) => t.name));
    expect(claude.tools.map((t) => t.name)).toEqual(tools.map((t) => `mcp__favindex__${t.name}`));
    // Claude Code defers every tool but the favourite, which is marked to stay loaded.
    expect(claude.tools.map((t) => t.visibility)).toEqual(['full', 'name', 'name', 'name', 'name', 'name']);
    expect(tools.filter((t) => t._meta?.['anthropic/alwaysLoad'] === true).map((t) => t.name)).toEqual(['fav_read_note']);
  });

  it("list_ops: every op's note and its tool's input schema, from the proxy, reaching no server", async () => {
    const before = serverCalls().length;
    const result = (await client.callTool({ name: 'tracker_write', arguments: { op: 'list_ops' } })) as CallToolResult;
    const answer = JSON.parse(texts(result)[0]!);
    expect(answer.ops).toHaveLength(24);
    expect(answer.ops).toContainEqual({
      op: 'update_label',
      note: 'update a label',
      inputSchema: { type: 'object', properties: { repo: { type: 'string' }, number: { type: 'string' } }, required: ['repo', 'number'] },
    });
    expect(serverCalls()).toHaveLength(before);
  });

  it('a right op reaches its tool with its arguments, and the answer is the server’s', async () => {
    const result = (await client.callTool({
      name: 'tracker_read',
      arguments: { op: 'get_pull', arguments: { repo: 'acme/app', number: '42' } },
    })) as CallToolResult;
    expect(texts(result)).toEqual(['get_pull {"repo":"acme/app","number":"42"}']);
    expect(tracker.calls().at(-1)).toEqual({ name: 'get_pull', arguments: { repo: 'acme/app', number: '42' } });
  });

  it('a wrong op reaches no server: the model reads the envelope, and the call is an unknown_op event', async () => {
    const before = serverCalls().length;
    const result = (await client.callTool({ name: 'tracker_read', arguments: { op: 'read_pull', arguments: { repo: 'acme/app' } } })) as CallToolResult;
    expect(result.isError).toBe(true);
    const [text, json] = texts(result);
    expect(text).toContain("tracker_read has no op 'read_pull', so nothing was called.");
    expect(JSON.parse(json!)).toEqual({
      error_code: 'UNKNOWN_OP',
      message: "tracker_read has no op 'read_pull', so nothing was called.",
      retryable: true,
      suggested_action:
        'Call tracker_read with op="get_pull" or op="list_pull", or call tracker_read with op="list_ops" to see every op with its input schema.',
      cited_rule: '§routers',
      details: { router: 'tracker_read', op: 'read_pull', ops: ROUTERS.routers[0]!.ops.map((o) => o.op) },
    });
    expect(serverCalls()).toHaveLength(before);
    const events = await waitFor(
      'the unknown_op event',
      () =>
        queryRows<{ kind: string; raw_name: string; failure_classes: string[]; error_code: string }>(
          t.db,
          sql`select * from events where project_id = ${id} and error_code = 'unknown_op'`,
        ),
      (rows) => rows.length > 0,
    );
    expect(events.map((e) => [e.kind, e.raw_name, e.failure_classes])).toEqual([['meta', 'tracker_read', ['unknown_op']]]);
    const why = (await api.get(`/api/projects/${id}/usage/arguments`)).body;
    expect(why.totals.classes.unknown_op).toBe(1);
  });

  it('counts a call through a router under its server/tool in usage', async () => {
    const usage = await waitFor(
      'the router call in usage',
      async () => (await api.get(`/api/projects/${id}/usage`)).body,
      (body) => body.rows.some((r: { tool: string }) => r.tool === 'tracker/get_pull'),
    );
    expect(usage.rows.find((r: { tool: string }) => r.tool === 'tracker/get_pull')).toMatchObject({ calls: 1 });
    expect(usage.rows.map((r: { tool: string }) => r.tool)).not.toContain('tracker_read');
  });

  it('enforce: wrong arguments reach no server, and the model reads the problems with the op’s schema', async () => {
    const before = serverCalls().length;
    const refused = (await client.callTool({
      name: 'tracker_write',
      arguments: { op: 'update_issue', arguments: { repo: 'acme/app', numbr: '7' } },
    })) as CallToolResult;
    expect(refused.isError).toBe(true);
    const envelope = JSON.parse(texts(refused)[1]!);
    expect(envelope).toMatchObject({
      error_code: 'INVALID_ARGUMENTS',
      retryable: true,
      cited_rule: '§arguments',
      details: { router: 'tracker_write', op: 'update_issue', inputSchema: { required: ['repo', 'number'] } },
    });
    expect(envelope.details.problems.map((p: { path: string; class: string }) => [p.path, p.class])).toEqual(
      expect.arrayContaining([
        ['$.number', 'missing_required'],
        ['$.numbr', 'unexpected_param'],
      ]),
    );
    expect(texts(refused)[0]).toContain(`The input schema of op 'update_issue': `);
    expect(serverCalls()).toHaveLength(before);
  });

  it('a change of routers reaches the proxy at its next poll, and so does its undo', async () => {
    const renamed = { ...ROUTERS, routers: ROUTERS.routers.map((r) => (r.name === 'tracker_read' ? { ...r, name: 'tracker_look' } : r)) };
    const version = (await api.get(`/api/projects/${id}/routers`)).body.version as number;
    expect((await api.put(`/api/projects/${id}/routers`, { json: renamed, headers: { 'if-match': `"${version}"` } })).status).toBe(200);
    await waitFor('the renamed router', listed, (tools) => tools.some((t) => t.name === 'tracker_look') && !tools.some((t) => t.name === 'tracker_read'));
    expect((await api.post(`/api/projects/${id}/routers/undo`)).status).toBe(200);
    await waitFor('the router named again', listed, (tools) => tools.some((t) => t.name === 'tracker_read'));
  });
});
