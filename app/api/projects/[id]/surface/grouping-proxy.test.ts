import type { Client } from '@modelcontextprotocol/client';
import type { Tool } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { GROUPING_EXTENSION, GROUPS_META } from '@/lib/surface/groups';
import { api } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';
import { startRouteServer } from '@/test/route-server';
import { ROUTERS, TRACKER_TOOLS } from '@/test/routers-tracker';
import { startTrackerProxy, type TrackerProxy, waitFor } from '@/test/tracker-proxy';

/**
 * The grouping extension end to end (§routers): the project's stored routers through favindex's
 * own /surface, favindex proxy in this process over Streamable HTTP, two real MCP servers of 43
 * tools, and two real SDK Clients, one declaring io.modelcontextprotocol/grouping, one not, on a
 * project in the eager mode.
 */
setupTestDatabase();

let routes: Awaited<ReturnType<typeof startRouteServer>>;
let running: TrackerProxy;
let grouping: Client;
let plain: Client;

const listGroupsResult = z.object({ groups: z.array(z.object({ name: z.string(), title: z.string(), description: z.string() })) });

const listed = async (client: Client): Promise<Tool[]> => (await client.listTools()).tools;

beforeAll(async () => {
  routes = await startRouteServer();
  const id = await createTestProject([], 'grouping');
  expect((await api.patch(`/api/projects/${id}`, { json: { surface: { mode: 'eager' } } })).status).toBe(200);
  expect((await api.put(`/api/projects/${id}/routers`, { json: ROUTERS, headers: { 'if-match': '"0"' } })).status).toBe(200);
  const token = (await api.post(`/api/projects/${id}/tokens`, { json: { name: 'grouping proxy' } })).body.token as string;
  running = await startTrackerProxy(routes.origin, id, token);
  grouping = await running.connect('grouping-test', { extensions: { [GROUPING_EXTENSION]: {} } });
  plain = await running.connect('grouping-test');
  // Ready: both catalogs uploaded, the surface read with the stored routers.
  await waitFor(
    'the grouped list',
    () => listed(grouping),
    (tools) => tools.length === 43 && tools.some((t) => t._meta?.[GROUPS_META]),
  );
}, 60_000);

afterAll(async () => {
  await running?.stop();
  await routes?.stop();
});

describe('favindex proxy and the grouping extension, with real clients and real MCP servers', () => {
  it('declares the extension, gives the stored routers as groups and marks their ops’ tools for the client that speaks it', async () => {
    expect(grouping.getServerCapabilities()?.extensions).toEqual({ [GROUPING_EXTENSION]: { listChanged: true } });
    const { groups } = await grouping.request({ method: 'groups/list', params: {} }, listGroupsResult);
    expect(groups.map((g) => [g.name, g.title])).toEqual([
      ['tracker_read', 'Tracker read'],
      ['tracker_write', 'Tracker write'],
    ]);
    const tools = await listed(grouping);
    expect(tools.find((t) => t.name === 'tracker__get_pull')?._meta?.[GROUPS_META]).toEqual(['tracker_read']);
    expect(tools.find((t) => t.name === 'tracker__update_label')?._meta?.[GROUPS_META]).toEqual(['tracker_write']);
    expect(tools.filter((t) => t._meta?.[GROUPS_META]).map((t) => t.name)).toHaveLength(TRACKER_TOOLS.length);
  });

  it('the client that does not speak it reads the same list less the marks, byte for byte', async () => {
    const tools = await listed(plain);
    expect(tools.some((t) => t._meta?.[GROUPS_META] !== undefined)).toBe(false);
    const unmarked = (await listed(grouping)).map(({ _meta, ...tool }) => {
      const { [GROUPS_META]: _, ...rest } = _meta ?? {};
      return Object.keys(rest).length > 0 ? { ...tool, _meta: rest } : tool;
    });
    expect(JSON.stringify(tools)).toBe(JSON.stringify(unmarked));
  });
});
