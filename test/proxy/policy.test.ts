import fs from 'node:fs';
import path from 'node:path';
import type { Tool } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAMING_SCHEMES, type NamingScheme, SURFACE_MODES, type SurfaceMode } from '@/lib/schemas/surface-config';
import { PROXY_SCOPES } from '@/lib/schemas/tokens';
import { freePort } from '@/test/mcp-server';
import { eventually, favindexForFile, projectWithToken, proxyArgs, proxyFolder, ROOT, spooledEvents, stdioClient, type TestClient } from './harness';

/**
 * The tool policy through `favindex proxy` (issue 24): two tokens of one project, the real
 * server-memory behind each token's proxy, the real SDK Client in front. Token agent-a may use
 * every tool but memory's delete_*; token agent-b only the read-only ones (readOnlyHint true:
 * read_graph, search_nodes, open_nodes). In every mode and both naming schemes neither lists or
 * finds a tool it may not use, and a call to one, by any name it could be given, is refused with
 * the rule, never reaches the server, and is stored as a denied call.
 */
const favindex = favindexForFile('favindex-policy-test-');
const { api, url, work } = favindex;
const clients: TestClient[] = [];
const id = 'policy';
const tokens: Record<Agent, string> = { a: '', b: '' };

type Agent = 'a' | 'b';
const MEMORY_TOOLS = [
  'create_entities',
  'create_relations',
  'add_observations',
  'delete_entities',
  'delete_observations',
  'delete_relations',
  'read_graph',
  'search_nodes',
  'open_nodes',
];
const READ_ONLY = ['read_graph', 'search_nodes', 'open_nodes'];
const ALLOWED: Record<Agent, string[]> = { a: MEMORY_TOOLS.filter((t) => !t.startsWith('delete_')), b: READ_ONLY };
/** The tool each agent's calls are refused for, and the rule that refuses it, numbered and for whom as the project's policy has it. */
const REFUSED: Record<Agent, { tool: string; says: string }> = {
  a: { tool: 'delete_entities', says: 'rule 1, deny memory/delete_* for token:agent-a (agent-a never deletes)' },
  b: { tool: 'create_entities', says: 'rule 3, deny every tool for token:agent-b' },
};
const FAVOURITES = ['memory/read_graph', 'memory/delete_entities', 'memory/create_entities'];
const META_TOOLS = new Set(['mcp_find_tools', 'mcp_invoke_tool']);
const MEMORY = path.join(ROOT, 'node_modules', '@modelcontextprotocol', 'server-memory', 'dist', 'index.js');
const SCRIPTED = path.join(ROOT, 'test', 'proxy', 'scripted-server.mjs');

beforeAll(async () => {
  expect((await api('POST', '/api/projects', { id })).status).toBe(201);
  for (const agent of ['a', 'b'] as const) {
    const made = await api('POST', `/api/projects/${id}/tokens`, { name: `agent-${agent}`, scopes: PROXY_SCOPES });
    expect(made.status).toBe(201);
    tokens[agent] = made.body.token;
  }
  const saved = await api('PUT', `/api/projects/${id}/policy`, {
    policy: {
      default: 'allow',
      rules: [
        { effect: 'deny', tools: ['memory/delete_*'], identities: ['token:agent-a'], note: 'agent-a never deletes' },
        { effect: 'allow', annotations: { readOnlyHint: true }, identities: ['token:agent-b'] },
        { effect: 'deny', identities: ['token:agent-b'] },
      ],
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  // The catalog first (any proxy uploads it), then the favourites, so favindex mode has fav_ names to keep back.
  const first = await startProxy('a', 'catalog');
  // The first list waits until favindex took the catalog.
  expect(listedTools((await first.client.listTools()).tools)).toEqual([...ALLOWED.a].sort());
  await first.close();
  for (const tool of FAVOURITES) expect((await api('POST', `/api/projects/${id}/favourites/pin`, { tool })).status).toBe(200);
}, 120_000);

afterAll(async () => {
  for (const c of clients) await c.close().catch(() => {});
});

function serversFile(dir: string): string {
  const file = path.join(dir, 'servers.json');
  fs.writeFileSync(
    file,
    JSON.stringify({ mcpServers: { memory: { command: process.execPath, args: [MEMORY], env: { MEMORY_FILE_PATH: path.join(dir, 'memory.jsonl') } } } }),
  );
  return file;
}

/**
 * A proxy of its own for one agent, on a fresh state folder: its first list waits for the
 * server, the upload and the surface, so it is of the surface in force now. The client's name
 * tells its calls apart in the project's events.
 */
async function startProxy(agent: Agent, name: string, extra: string[] = []): Promise<TestClient> {
  const { dir, stateDir } = proxyFolder(work, `${agent}-${name}`);
  const args = proxyArgs({
    url,
    project: id,
    token: tokens[agent],
    config: serversFile(dir),
    stateDir,
    extra: ['--start-wait', '60', ...extra],
  });
  const proxy = await stdioClient(args, clientName(agent, name));
  clients.push(proxy);
  return proxy;
}

const clientName = (agent: Agent, name: string) => `policy-${agent}-${name}`;

async function setSurface(mode: SurfaceMode, naming: NamingScheme): Promise<void> {
  const current = (await api('GET', `/api/projects/${id}`)).body;
  const res = await api('PATCH', `/api/projects/${id}`, { surface: { ...current.surface, mode, naming } });
  expect(res.status).toBe(200);
  expect(res.body.surface).toMatchObject({ mode, naming });
}

/** The memory tool a presented name stands for, in any scheme (`fav_read_graph`, `all/memory/read_graph`, `memory__read_graph`). */
function memoryTool(name: string): string {
  const tool = MEMORY_TOOLS.find((t) => name.endsWith(t));
  if (!tool) throw new Error(`'${name}' names no tool of server-memory`);
  return tool;
}

const listedTools = (tools: Tool[]) => [...new Set(tools.filter((t) => !META_TOOLS.has(t.name)).map((t) => memoryTool(t.name)))].sort();
const text = (result: unknown) => ((result as { content: { type: string; text?: string }[] }).content ?? []).map((c) => c.text ?? '').join('\n');

/** Every name a client may send for memory/<tool> in a scheme: the listed forms, the typed one and the canonical one. */
function nameForms(naming: NamingScheme, tool: string): string[] {
  return naming === 'slash'
    ? [`all/memory/${tool}`, `favourite/memory/${tool}`, `memory__${tool}`, `memory/${tool}`]
    : [`all_memory_${tool}`, `fav_${tool}`, `memory__${tool}`, `memory/${tool}`];
}

/** One agent's proxy in one mode: what it lists and finds, and its calls to the tool it may not use. */
async function checkAgent(agent: Agent, mode: SurfaceMode, naming: NamingScheme): Promise<void> {
  const where = `agent-${agent} ${mode}/${naming}`;
  const proxy = await startProxy(agent, `${naming}-${mode}`);
  const allowed = ALLOWED[agent];
  let tools = (await proxy.client.listTools()).tools;
  if (mode === 'off')
    expect(
      tools.map((t) => t.name),
      where,
    ).toEqual(['mcp_invoke_tool']);
  // The session-free lists hold every tool the agent may use, and no other.
  else if (mode === 'favindex' || mode === 'deferred' || mode === 'eager') expect(listedTools(tools), where).toEqual([...allowed].sort());
  else
    expect(
      listedTools(tools).filter((t) => !allowed.includes(t)),
      where,
    ).toEqual([]);
  // What the Preview shows for this identity is what its session lists, name for name.
  const previewed = await api(
    'GET',
    `/api/projects/${id}/preview?mode=${mode}&client=raw&detail=names&token=agent-${agent}&sessionClient=${clientName(agent, `${naming}-${mode}`)}`,
  );
  expect(previewed.status, where).toBe(200);
  const previewNames = (previewed.body.modes[0].tools as { name: string; source: string }[]).filter((t) => t.source !== 'agent').map((t) => t.name);
  expect(
    tools.map((t) => t.name),
    `${where}: the preview of this identity`,
  ).toEqual(previewNames);
  if (mode === 'lazy' || mode === 'pinned' || mode === 'retrieve') {
    const found = await proxy.client.callTool({ name: 'mcp_find_tools', arguments: { query: 'delete create entities relations observations graph' } });
    expect(found.isError, `${where}: ${text(found)}`).toBeFalsy();
    const lines = text(found)
      .split('\n')
      .filter((l) => l.startsWith('- '));
    expect(lines.length, where).toBeGreaterThan(0);
    expect(
      lines.map((l) => memoryTool(l.slice(2, l.indexOf(':')))).filter((t) => !allowed.includes(t)),
      where,
    ).toEqual([]);
    tools = (await proxy.client.listTools()).tools;
    expect(
      listedTools(tools).filter((t) => !allowed.includes(t)),
      where,
    ).toEqual([]);
  }

  const { tool, says } = REFUSED[agent];
  const calls: { name: string; arguments?: Record<string, unknown> }[] = nameForms(naming, tool).map((name) => ({ name, arguments: {} }));
  if (mode === 'off') calls.push({ name: 'mcp_invoke_tool', arguments: { server: 'memory', tool, arguments: {} } });
  for (const call of calls) {
    const result = await proxy.client.callTool(call);
    expect(result.isError, `${where} ${call.name}: ${text(result)}`).toBe(true);
    expect(text(result), `${where} ${call.name}`).toContain(`memory/${tool} is not allowed for this session by the project's tool policy: ${says}.`);
    expect(text(result)).toContain('"error_code":"POLICY_DENIED"');
    expect(text(result)).not.toMatch(agent === 'a' ? /agent-b/ : /agent-a/);
  }
  // A tool it may use still reaches the server, by the same route.
  const control = mode === 'off' ? { name: 'mcp_invoke_tool', arguments: { server: 'memory', tool: 'read_graph', arguments: {} } } : null;
  if (control) expect((await proxy.client.callTool(control)).isError, where).toBeFalsy();

  // Stored as denied calls of the tool, not as unknown names or argument problems.
  const denied = await eventually(async () => {
    const events = (await api('GET', `/api/projects/${id}/events?limit=500`)).body.events as Record<string, unknown>[];
    const mine = events.filter((e) => e.client === clientName(agent, `${naming}-${mode}`) && e.status === 'denied');
    expect(mine).toHaveLength(calls.length);
    return mine;
  }, 30_000);
  for (const event of denied) {
    expect(event, where).toMatchObject({ errorCode: 'policy_denied', canonical: `memory/${tool}`, failureClasses: ['ok'] });
    expect(event.argumentProblems ?? null, where).toBeNull();
  }
  expect((denied.map((e) => e.tool) as string[]).sort(), where).toEqual(calls.map((c) => c.name).sort());
  await proxy.close();
}

describe('the tool policy, per token, through favindex proxy', () => {
  for (const naming of NAMING_SCHEMES) {
    it(`naming ${naming}: in every mode neither token lists, finds or calls a tool it may not use`, async () => {
      for (const mode of SURFACE_MODES) {
        await setSurface(mode, naming);
        await Promise.all([checkAgent('a', mode, naming), checkAgent('b', mode, naming)]);
      }
    }, 600_000);
  }
});

describe('--require-policy', () => {
  it('with favindex unreachable and nothing kept, lists no tool and refuses every call, traced as denied for want of a policy', async () => {
    const gone = `http://127.0.0.1:${await freePort()}`;
    for (const [how, extra, env] of [
      ['flag', ['--require-policy'], {}],
      ['env', [], { FAVINDEX_REQUIRE_POLICY: '1' }],
    ] as const) {
      const { dir, stateDir } = proxyFolder(work, `require-${how}`);
      const args = proxyArgs({
        url: gone,
        project: id,
        token: 'fav_not_checked_while_favindex_is_gone',
        config: serversFile(dir),
        stateDir,
        extra: [...extra],
      });
      const proxy = await stdioClient(args, `require-${how}`, { ...env });
      clients.push(proxy);
      expect((await proxy.client.listTools()).tools, how).toEqual([]);
      for (const name of ['all_memory_read_graph', 'mcp_find_tools', 'memory__read_graph']) {
        const result = await proxy.client.callTool({ name, arguments: { query: 'graph' } });
        expect(result.isError, `${how} ${name}`).toBe(true);
        expect(text(result)).toContain("favindex has not sent this token's policy yet");
      }
      await eventually(async () => {
        const spooled = spooledEvents(stateDir).filter((e) => e.status === 'denied' && e.errorCode === 'policy_missing');
        expect(spooled.map((e) => e.tool).sort()).toEqual(['all_memory_read_graph', 'mcp_find_tools', 'memory__read_graph']);
      });
      expect(proxy.stderr()).toContain('--require-policy');
      await proxy.close();
    }
  }, 120_000);

  it('with favindex answering, lists what the token may use', async () => {
    await setSurface('eager', 'safe');
    const proxy = await startProxy('b', 'require-reachable', ['--require-policy']);
    expect(listedTools((await proxy.client.listTools()).tools)).toEqual([...READ_ONLY].sort());
    await proxy.close();
  });
});

describe("a server the token's policy denies", () => {
  it('lists none of its prompts, resources or templates, and refuses them with the rule (#45)', async () => {
    const project = 'policy-offers';
    const token = await projectWithToken(api, project);
    const rules = [{ effect: 'deny', servers: ['b'], identities: ['token:proxy'] }];
    expect((await api('PUT', `/api/projects/${project}/policy`, { policy: { default: 'allow', rules } })).status).toBe(200);
    const { dir, stateDir } = proxyFolder(work, 'offers');
    const config = path.join(dir, 'servers.json');
    fs.writeFileSync(
      config,
      JSON.stringify({ mcpServers: { a: { command: process.execPath, args: [SCRIPTED, 'a'] }, b: { command: process.execPath, args: [SCRIPTED, 'b'] } } }),
    );
    const proxy = await stdioClient(proxyArgs({ url, project, token, config, stateDir, extra: ['--start-wait', '60'] }), 'offers');
    clients.push(proxy);
    const { client } = proxy;
    expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual(['a_greet', 'only_a']);
    expect((await client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate)).toEqual(['scripted://a/items/{id}']);
    expect((await client.listResources()).resources.map((r) => r.uri).filter((uri) => uri.startsWith('scripted://b/'))).toEqual([]);
    for (const refused of [client.getPrompt({ name: 'b_greet', arguments: { who: 'x' } }), client.readResource({ uri: 'scripted://b/note' })]) {
      await expect(refused).rejects.toMatchObject({ code: -32602, data: { error_code: 'POLICY_DENIED', details: { rule: 1, identities: ['token:proxy'] } } });
    }
    await proxy.close();
  }, 120_000);
});
