import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { narrowPolicy } from '@/lib/policy/narrow';
import { type RoutersConfig, routersConfigSchema } from '@/lib/schemas/routers';
import { toolPolicySchema } from '@/lib/schemas/policy';
import { defaultSurfaceConfig, type SurfaceMode } from '@/lib/schemas/surface-config';
import { GROUPING_EXTENSION, GROUPS_META } from '@/lib/surface/groups';
import { prepareCatalog } from '@/lib/surface/prepared-catalog';
import { buildSurfaceDocument } from '@/lib/surface/surface-document';
import { callTestBed } from '@/test/proxy-call-state';
import { ROUTERS, ROUTERS_SERVERS } from '@/test/routers-tracker';
import { sessionServer } from './mcp-server';
import type { ProxyState } from './runtime';

/**
 * The MCP grouping extension (§routers), in process: the proxy's own Server for each session, a
 * real SDK Client in front that declares the extension or does not, the tracker and notes servers
 * behind (test/routers-tracker.ts: two routers of the tracker's 40 tools, notes/search_notes a singleton).
 */
const { spool, proxyState } = callTestBed(ROUTERS_SERVERS);

const groupSchema = z.object({ name: z.string(), title: z.string().optional(), description: z.string().optional() });
const listGroupsResult = z.object({ groups: z.array(groupSchema), nextCursor: z.string().optional() });

function present(state: ProxyState, mode: SurfaceMode, routers: RoutersConfig, policy: unknown = null): void {
  const narrowed = policy ? narrowPolicy(toolPolicySchema.parse(policy), null) : null;
  const document = buildSurfaceDocument(
    {
      project: 'p',
      version: { catalog: 1, favourites: 1, surface: 1 },
      surface: { ...defaultSurfaceConfig(), mode },
      favourites: { enabled: true, maxFavourites: 15, tools: ['tracker/get_issue'] },
      routers,
      policy: narrowed?.policy ?? null,
      policyRules: narrowed?.sources ?? [],
    },
    prepareCatalog(ROUTERS_SERVERS),
    mode,
  );
  state.setSurface({ document, etag: `"${document.fingerprint}"`, revision: 1 });
}

/** A client of `name` on a session of its own; `grouping` declares the extension at initialize. What it hears is kept. */
async function connect(state: ProxyState, { grouping, name = 'client' }: { grouping: boolean; name?: string }) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await sessionServer(state, spool).server.connect(serverSide);
  const capabilities = grouping ? { extensions: { [GROUPING_EXTENSION]: {} } } : {};
  const client = new Client({ name, version: '1' }, { capabilities });
  const heard: string[] = [];
  client.setNotificationHandler('notifications/tools/list_changed', async () => void heard.push('tools'));
  client.setNotificationHandler('notifications/groups/list_changed', { params: z.object({}) }, async () => void heard.push('groups'));
  await client.connect(clientSide);
  const groups = async () => (await client.request({ method: 'groups/list', params: {} }, listGroupsResult)).groups;
  const tools = async () => (await client.listTools()).tools;
  return { client, heard, groups, tools };
}

const groupsOf = (tools: { name: string; _meta?: Record<string, unknown> }[]) =>
  Object.fromEntries(tools.flatMap((t) => (t._meta?.[GROUPS_META] ? [[t.name, t._meta[GROUPS_META]]] : [])));

/** Lets the notifications sent on a surface change arrive. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the grouping extension (§routers)', () => {
  it('eager: a client that speaks it gets one group per router and each op’s tool marked with its router', async () => {
    const { state } = proxyState();
    present(state, 'eager', ROUTERS);
    const { client, groups, tools } = await connect(state, { grouping: true });
    expect(client.getServerCapabilities()?.extensions).toEqual({ [GROUPING_EXTENSION]: { listChanged: true } });
    expect(await groups()).toEqual([
      { name: 'tracker_read', title: 'Tracker read', description: ROUTERS.routers[0]!.description },
      { name: 'tracker_write', title: 'Tracker write', description: ROUTERS.routers[1]!.description },
    ]);
    const marked = groupsOf(await tools());
    expect(Object.keys(marked)).toHaveLength(40);
    expect(marked.tracker__get_issue).toEqual(['tracker_read']);
    expect(marked.tracker__delete_project).toEqual(['tracker_write']);
    // The notes tools are in no router: no group.
    expect(marked.notes__search_notes).toBeUndefined();
  });

  it('a client that does not speak it reads tools/list byte for byte as with no routers at all', async () => {
    const withRouters = proxyState().state;
    present(withRouters, 'eager', ROUTERS);
    const without = proxyState().state;
    present(without, 'eager', routersConfigSchema.parse({}));
    const plain = await connect(withRouters, { grouping: false });
    const none = await connect(without, { grouping: false });
    expect(JSON.stringify(await plain.tools())).toBe(JSON.stringify(await none.tools()));
    // A grouping client of the project without routers gets the same bytes too: there is nothing to group.
    expect(JSON.stringify(await (await connect(without, { grouping: true })).tools())).toBe(JSON.stringify(await none.tools()));
  });

  it('routers mode: a router’s own tool and a favourite that is one of its ops are in its group; singletons in none', async () => {
    const { state } = proxyState();
    present(state, 'routers', ROUTERS);
    const { groups, tools } = await connect(state, { grouping: true });
    expect((await groups()).map((g) => g.name)).toEqual(['tracker_read', 'tracker_write']);
    expect(groupsOf(await tools())).toEqual({ fav_get_issue: ['tracker_read'], tracker_read: ['tracker_read'], tracker_write: ['tracker_write'] });
  });

  it('favourites first: the favourite name and the all name of an op’s tool are both in its group', async () => {
    const { state } = proxyState();
    present(state, 'favindex', ROUTERS);
    const marked = groupsOf(await (await connect(state, { grouping: true })).tools());
    expect(marked.fav_get_issue).toEqual(['tracker_read']);
    expect(marked.all_tracker_get_issue).toEqual(['tracker_read']);
    expect(Object.keys(marked)).toHaveLength(41);
  });

  it('lazy, pinned, retrieve and off group nothing: no group, no mark', async () => {
    for (const mode of ['lazy', 'pinned', 'retrieve', 'off'] as const) {
      const { state } = proxyState();
      present(state, mode, ROUTERS);
      const { groups, tools } = await connect(state, { grouping: true });
      expect(await groups(), mode).toEqual([]);
      expect(groupsOf(await tools()), mode).toEqual({});
    }
  });

  it('a router none of whose ops the session may use is no group (§policy)', async () => {
    const { state } = proxyState();
    const writes = ['tracker/create_*', 'tracker/update_*', 'tracker/delete_*'];
    present(state, 'eager', ROUTERS, { rules: [{ effect: 'deny', tools: writes, identities: ['client:cursor'] }] });
    expect((await (await connect(state, { grouping: true, name: 'cursor' })).groups()).map((g) => g.name)).toEqual(['tracker_read']);
    expect((await (await connect(state, { grouping: true, name: 'codex' })).groups()).map((g) => g.name)).toEqual(['tracker_read', 'tracker_write']);
  });

  it('a change of routers tells a grouping client its groups and its tools changed, and tells any other client nothing', async () => {
    const { state } = proxyState();
    present(state, 'eager', ROUTERS);
    const grouping = await connect(state, { grouping: true });
    const plain = await connect(state, { grouping: false });
    await grouping.groups();
    await grouping.tools();
    await plain.tools();
    present(state, 'eager', routersConfigSchema.parse({ routers: [ROUTERS.routers[0]] }));
    await settle();
    expect(grouping.heard.sort()).toEqual(['groups', 'tools']);
    expect(plain.heard).toEqual([]);
    expect((await grouping.groups()).map((g) => g.name)).toEqual(['tracker_read']);
    expect(groupsOf(await grouping.tools()).tracker__delete_project).toBeUndefined();
  });

  it('gives every group in one page: a cursor, which it never gives out, is refused as invalid params', async () => {
    const { state } = proxyState();
    present(state, 'eager', ROUTERS);
    const { client } = await connect(state, { grouping: true });
    await expect(client.request({ method: 'groups/list', params: { cursor: 'next' } }, listGroupsResult)).rejects.toMatchObject({ code: -32602 });
  });
});
