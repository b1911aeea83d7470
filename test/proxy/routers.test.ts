import type { Tool } from '@modelcontextprotocol/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIST_OPS, type RoutersConfig } from '@/lib/schemas/routers';
import { changeSurface, eventually, favindexForFile, listEntries, newProxy, previewEntries, projectWithToken, stdioClient, type TestClient } from './harness';

/**
 * The routers mode tried cold (§routers, issue #49): the built server, `favindex proxy` started
 * by the SDK's Client over stdio in a fresh state folder, the reference MCP servers from npm, and
 * routers stored as a user stores them (PUT /routers, built from the catalog the proxy uploaded).
 */
const favindex = favindexForFile('favindex-routers-test-');
const { api, clients } = favindex;
const id = 'routed';
let proxy: TestClient;
let catalog: string[];

interface CatalogServer {
  name: string;
  tools: { name: string; description?: string }[];
}

/** Every tool of a server in one router, its ops named as the tools are; memory's and filesystem's are. */
function routerOf(server: CatalogServer, name: string): RoutersConfig['routers'][number] {
  return {
    name,
    description: `Every tool of the ${server.name} server, by op.`,
    ops: server.tools.map((t) => ({ op: t.name.toLowerCase().replace(/[^a-z0-9_]/g, '_'), tool: `${server.name}/${t.name}`, note: `the ${t.name} tool` })),
  };
}

const text = (result: unknown) => ((result as { content: { type: string; text?: string }[] }).content ?? []).map((c) => c.text ?? '');
const listed = async (): Promise<Tool[]> => (await proxy.client.listTools()).tools;

beforeAll(async () => {
  const token = await projectWithToken(api, id);
  const { args } = newProxy(favindex, { name: 'routers', project: id, token });
  proxy = await stdioClient(args);
  clients.push(proxy);
  const servers = await eventually(async () => {
    const body = (await api('GET', `/api/projects/${id}/catalog`)).body as { servers: CatalogServer[] };
    expect(body.servers.map((s) => s.name).sort()).toEqual(['everything', 'filesystem', 'memory']);
    return body.servers;
  }, 60_000);
  catalog = servers.flatMap((s) => s.tools.map((t) => `${s.name}/${t.name}`));
  const byName = new Map(servers.map((s) => [s.name, s]));
  const routers: RoutersConfig = {
    routers: [routerOf(byName.get('filesystem')!, 'files'), routerOf(byName.get('memory')!, 'memory_graph')],
    singletons: [{ tool: 'everything/echo', reason: 'the only tool that answers what it is sent' }],
  };
  expect((await api('PUT', `/api/projects/${id}/routers`, routers, { 'if-match': '"0"' })).status).toBe(200);
  // The client has the favourites first list, every tool in it; then the project turns to routers.
  await eventually(async () => expect((await listed()).map((t) => t.name)).toContain('all_memory_read_graph'), 60_000);
  const heard = proxy.nextListChanged(60_000);
  await changeSurface(api, id, { mode: 'routers' });
  await heard;
  await eventually(async () => expect((await listed()).map((t) => t.name)).toContain('files'));
}, 120_000);

describe('favindex proxy in the routers mode, from npm servers, tried cold', () => {
  it('presents the catalog within the budget, each tool through exactly one op or tool, as the preview says', async () => {
    const tools = await listed();
    expect(tools.length).toBeLessThanOrEqual(30);
    expect(tools.length).toBeLessThan(catalog.length);
    const reached = tools.flatMap((tool) => {
      const ops = (tool.inputSchema.properties?.op as { enum?: string[] } | undefined)?.enum;
      if (!ops) return [tool.name.replace(/^all_([^_]+)_/, '$1/')];
      return ops.filter((op) => op !== LIST_OPS).map((op) => `${tool.name === 'files' ? 'filesystem' : 'memory'}/${op}`);
    });
    expect(reached.sort()).toEqual([...catalog].sort());
    expect(listEntries(tools)).toEqual(await previewEntries(api, id, 'routers'));
  });

  it('list_ops from the proxy, a right op reaching filesystem with its arguments, a wrong op answered with the envelope', async () => {
    const ops = JSON.parse(text(await proxy.client.callTool({ name: 'files', arguments: { op: LIST_OPS } }))[0]!);
    expect(ops.ops.find((o: { op: string }) => o.op === 'read_text_file').inputSchema.required).toEqual(['path']);

    const files = `${favindex.work}/routers/files/notes.txt`;
    const read = await proxy.client.callTool({ name: 'files', arguments: { op: 'read_text_file', arguments: { path: files } } });
    expect(text(read).join('')).toContain('favindex proxy was here');

    const wrong = await proxy.client.callTool({ name: 'files', arguments: { op: 'open_file', arguments: { path: files } } });
    expect(wrong.isError).toBe(true);
    const envelope = JSON.parse(text(wrong)[1]!);
    expect(envelope).toMatchObject({ error_code: 'UNKNOWN_OP', retryable: true, cited_rule: '§routers' });
    expect(envelope.suggested_action).toContain(`op="${LIST_OPS}"`);
  });

  it('counts the right op under filesystem/read_text_file, and the wrong op as unknown_op', async () => {
    await eventually(async () => {
      const usage = (await api('GET', `/api/projects/${id}/usage`)).body;
      expect(usage.rows.find((r: { tool: string }) => r.tool === 'filesystem/read_text_file')).toMatchObject({ calls: 1 });
      expect((await api('GET', `/api/projects/${id}/usage/arguments`)).body.totals.classes.unknown_op).toBe(1);
    });
  });
});
