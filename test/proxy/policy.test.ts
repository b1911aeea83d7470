import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { NAMING_SCHEMES, type NamingScheme, SURFACE_MODES, type SurfaceMode } from '@/lib/schemas/surface-config';
import { eventually, favindexForFile, httpClient, httpSecret, proxyArgs, proxyFolder } from './harness';
import { listeningProxy } from './listening-proxy';
import { AGENTS, type Agent, ALLOWED, listedTools, memoryServersFile, memoryTool, type PolicyProject, policyProject, REFUSED, text } from './policy-project';

/**
 * The tool policy through `favindex proxy` (issue 24), in every mode and both naming schemes:
 * neither token lists or finds a tool it may not use, and a call to one, by any name it could be
 * given, is refused with the rule and stored as a denied call (see policy-project.ts for the
 * tokens and the rules). Each token has one built proxy over Streamable HTTP, started once, in
 * front of the real server-memory, and each mode a new session of a client name of its own:
 * before, each agent and mode started a stdio proxy and a server-memory of its own, 64
 * processes for these checks. Stdio proxies are in policy-require.test.ts and the catalog's
 * first upload (policy-project.ts).
 */
const favindex = favindexForFile('favindex-policy-test-');
const { api } = favindex;
let project: PolicyProject;
/** Each agent's proxy over --listen: where it listens, its secret, and the state folder its proxy id is kept in. */
const listening = {} as Record<Agent, { url: string; secret: string; stateDir: string }>;

beforeAll(async () => {
  project = await policyProject(favindex, 'policy');
  for (const agent of AGENTS) {
    const { dir, stateDir } = proxyFolder(favindex.work, `${agent}-listen`);
    const config = memoryServersFile(dir);
    const args = proxyArgs({ url: favindex.url, project: project.id, token: project.tokens[agent], config, stateDir, extra: ['--listen', '127.0.0.1:0'] });
    const proxy = await listeningProxy(args);
    favindex.children.push(proxy.child);
    listening[agent] = { url: proxy.url, secret: httpSecret(stateDir), stateDir };
  }
}, 120_000);

const clientName = (agent: Agent, name: string) => `policy-${agent}-${name}`;

/**
 * Until the agent's proxy reports that it presents surface `revision`, with server-memory up: a
 * session started then lists that surface. Reports follow a change within about a second.
 */
async function presenting(agent: Agent, revision: number): Promise<void> {
  const proxyId = fs.readFileSync(path.join(listening[agent].stateDir, 'proxy-id'), 'utf8').trim();
  await eventually(async () => {
    const { proxies } = (await api('GET', `/api/projects/${project.id}/proxies`)).body as { proxies: { id: string; surfaceRevision: number | null }[] };
    expect(proxies.find((p) => p.id === proxyId)).toMatchObject({ surfaceRevision: revision, servers: [{ name: 'memory', state: 'up' }] });
  });
}

/** The calls to a refused tool one session made: each must be stored as a denied call. */
interface DeniedCalls {
  where: string;
  client: string;
  tool: string;
  calls: string[];
}

/** Every name a client may send for memory/<tool> in a scheme: the listed forms, the typed one and the canonical one. */
function nameForms(naming: NamingScheme, tool: string): string[] {
  return naming === 'slash'
    ? [`all/memory/${tool}`, `favourite/memory/${tool}`, `memory__${tool}`, `memory/${tool}`]
    : [`all_memory_${tool}`, `fav_${tool}`, `memory__${tool}`, `memory/${tool}`];
}

/** One agent's new session in one mode: what it lists and finds, and its calls to the tool it may not use; returns the denied calls it made. */
async function checkAgent(agent: Agent, mode: SurfaceMode, naming: NamingScheme): Promise<DeniedCalls> {
  const where = `agent-${agent} ${mode}/${naming}`;
  const client = clientName(agent, `${naming}-${mode}`);
  const proxy = await httpClient(listening[agent].url, listening[agent].secret, client);
  favindex.clients.push(proxy);
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
  const previewed = await api('GET', `/api/projects/${project.id}/preview?mode=${mode}&client=raw&detail=names&token=agent-${agent}&sessionClient=${client}`);
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

  await proxy.close();
  return { where, client, tool, calls: calls.map((c) => c.name) };
}

/** Stored as denied calls of the tool, not as unknown names or argument problems: one wait for every session's traces. */
async function expectStoredDenied(sessions: DeniedCalls[]): Promise<void> {
  const denied = await eventually(async () => {
    const events = (await api('GET', `/api/projects/${project.id}/events?limit=500`)).body.events as Record<string, unknown>[];
    const of = sessions.map((s) => events.filter((e) => e.client === s.client && e.status === 'denied'));
    expect(of.map((mine) => mine.length)).toEqual(sessions.map((s) => s.calls.length));
    return of;
  }, 30_000);
  sessions.forEach(({ where, tool, calls }, i) => {
    for (const event of denied[i]!) {
      expect(event, where).toMatchObject({ errorCode: 'policy_denied', canonical: `memory/${tool}`, failureClasses: ['ok'] });
      expect(event.argumentProblems ?? null, where).toBeNull();
    }
    expect((denied[i]!.map((e) => e.tool) as string[]).sort(), where).toEqual([...calls].sort());
  });
}

describe('the tool policy, per token, through favindex proxy', () => {
  for (const naming of NAMING_SCHEMES) {
    it(`naming ${naming}: in every mode neither token lists, finds or calls a tool it may not use`, async () => {
      const sessions: DeniedCalls[] = [];
      for (const mode of SURFACE_MODES) {
        await project.setSurface(mode, naming);
        const revision = (await api('GET', `/api/projects/${project.id}/surface`)).body.version.surface as number;
        await Promise.all(AGENTS.map((agent) => presenting(agent, revision)));
        sessions.push(...(await Promise.all(AGENTS.map((agent) => checkAgent(agent, mode, naming)))));
      }
      await expectStoredDenied(sessions);
    }, 600_000);
  }
});
