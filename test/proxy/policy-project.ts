import fs from 'node:fs';
import path from 'node:path';
import type { Tool } from '@modelcontextprotocol/server';
import { expect } from 'vitest';
import type { NamingScheme, SurfaceMode } from '@/lib/schemas/surface-config';
import { PROXY_SCOPES } from '@/lib/schemas/tokens';
import { type FavindexForFile, proxyArgs, proxyFolder, ROOT, stdioClient, type TestClient } from './harness';

/**
 * The project of the tool policy system tests (issue 24): two tokens, the real server-memory
 * behind each token's proxy. Token agent-a may use every tool but memory's delete_*; token
 * agent-b only the read-only ones (readOnlyHint true: read_graph, search_nodes, open_nodes).
 */
export type Agent = 'a' | 'b';
export const AGENTS: readonly Agent[] = ['a', 'b'];
export const MEMORY_TOOLS = [
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
export const READ_ONLY = ['read_graph', 'search_nodes', 'open_nodes'];
export const ALLOWED: Record<Agent, string[]> = { a: MEMORY_TOOLS.filter((t) => !t.startsWith('delete_')), b: READ_ONLY };
/** The tool each agent's calls are refused for, and the rule that refuses it, numbered and for whom as the project's policy has it. */
export const REFUSED: Record<Agent, { tool: string; says: string }> = {
  a: { tool: 'delete_entities', says: 'rule 1, deny memory/delete_* for token:agent-a (agent-a never deletes)' },
  b: { tool: 'create_entities', says: 'rule 3, deny every tool for token:agent-b' },
};
const FAVOURITES = ['memory/read_graph', 'memory/delete_entities', 'memory/create_entities'];
const META_TOOLS = new Set(['mcp_find_tools', 'mcp_invoke_tool']);
const MEMORY = path.join(ROOT, 'node_modules', '@modelcontextprotocol', 'server-memory', 'dist', 'index.js');

/** A servers file in `dir` with server-memory alone. */
export function memoryServersFile(dir: string): string {
  const file = path.join(dir, 'servers.json');
  fs.writeFileSync(
    file,
    JSON.stringify({ mcpServers: { memory: { command: process.execPath, args: [MEMORY], env: { MEMORY_FILE_PATH: path.join(dir, 'memory.jsonl') } } } }),
  );
  return file;
}

/** The memory tool a presented name stands for, in any scheme (`fav_read_graph`, `all/memory/read_graph`, `memory__read_graph`). */
export function memoryTool(name: string): string {
  const tool = MEMORY_TOOLS.find((t) => name.endsWith(t));
  if (!tool) throw new Error(`'${name}' names no tool of server-memory`);
  return tool;
}

export const listedTools = (tools: Tool[]) => [...new Set(tools.filter((t) => !META_TOOLS.has(t.name)).map((t) => memoryTool(t.name)))].sort();
export const text = (result: unknown) => ((result as { content: { type: string; text?: string }[] }).content ?? []).map((c) => c.text ?? '').join('\n');

export interface PolicyProject {
  id: string;
  tokens: Record<Agent, string>;
  /** A stdio proxy of its own for one agent, on a fresh state folder: its first list waits for the server, the upload and the surface. */
  stdioProxy(agent: Agent, name: string, extra?: string[]): Promise<TestClient>;
  setSurface(mode: SurfaceMode, naming: NamingScheme): Promise<void>;
}

/**
 * Makes project `id` with the two tokens and the policy, its catalog (uploaded by agent-a's
 * first proxy, whose first list is checked), and the favourites, so favindex mode has fav_
 * names to keep back. Proxies it starts are closed with the file's clients.
 */
export async function policyProject(favindex: FavindexForFile, id: string): Promise<PolicyProject> {
  const { api } = favindex;
  expect((await api('POST', '/api/projects', { id })).status).toBe(201);
  const tokens: Record<Agent, string> = { a: '', b: '' };
  for (const agent of AGENTS) {
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
  const project: PolicyProject = {
    id,
    tokens,
    async stdioProxy(agent, name, extra = []) {
      const { dir, stateDir } = proxyFolder(favindex.work, `${agent}-${name}`);
      const config = memoryServersFile(dir);
      const args = proxyArgs({ url: favindex.url, project: id, token: tokens[agent], config, stateDir, extra: ['--start-wait', '60', ...extra] });
      const proxy = await stdioClient(args, `policy-${agent}-${name}`);
      favindex.clients.push(proxy);
      return proxy;
    },
    async setSurface(mode, naming) {
      const current = (await api('GET', `/api/projects/${id}`)).body;
      const res = await api('PATCH', `/api/projects/${id}`, { surface: { ...current.surface, mode, naming } });
      expect(res.status).toBe(200);
      expect(res.body.surface).toMatchObject({ mode, naming });
    },
  };
  const first = await project.stdioProxy('a', 'catalog');
  // The first list waits until favindex took the catalog.
  expect(listedTools((await first.client.listTools()).tools)).toEqual([...ALLOWED.a].sort());
  await first.close();
  for (const tool of FAVOURITES) expect((await api('POST', `/api/projects/${id}/favourites/pin`, { tool })).status).toBe(200);
  return project;
}
