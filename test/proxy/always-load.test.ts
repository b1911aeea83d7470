import fs from 'node:fs';
import path from 'node:path';
import type { Tool } from '@modelcontextprotocol/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_INSTRUCTIONS, DEFERRED_INSTRUCTION, type SurfaceMode } from '@/lib/schemas/surface-config';
import { eventually, favindexForFile, projectWithToken, proxyArgs, proxyFolder, ROOT, stdioClient, type TestClient, writeServersFile } from './harness';

/**
 * What a deferring client (Claude Code) reads through `favindex proxy`: the favourites marked
 * `_meta["anthropic/alwaysLoad"]: true` and no other tool, in favindex and deferred mode; none
 * when the project turns it off; the instruction in the initialize result; and a call to a
 * deferred-mode typed name routed to its server and traced under its canonical name.
 */
const favindex = favindexForFile('favindex-always-load-test-');
const { api } = favindex;
const { clients } = favindex;

const ALWAYS_LOAD = 'anthropic/alwaysLoad';
const META = { command: process.execPath, args: [path.join(ROOT, 'test', 'proxy', 'meta-server.mjs')] };
const FAVOURITES = ['meta/tagged', 'everything/echo', 'filesystem/read_text_file'];
const id = 'loaded';
let token: string;
let config: string;

beforeAll(async () => {
  token = await projectWithToken(api, id);
  config = writeServersFile(favindex.work, { meta: META });
});

/** A proxy of its own (state folder and all) started by the SDK Client, once every server's tools are listed. */
async function startProxy(name: string): Promise<TestClient> {
  const { stateDir } = proxyFolder(favindex.work, name);
  const proxy = await stdioClient(proxyArgs({ url: favindex.url, project: id, token, config, stateDir }));
  clients.push(proxy);
  await eventually(async () => {
    const catalog = (await api('GET', `/api/projects/${id}/catalog`)).body;
    expect(catalog.servers.map((s: { name: string }) => s.name).sort()).toEqual(['everything', 'filesystem', 'memory', 'meta']);
    const names = (await proxy.client.listTools()).tools.map((t) => t.name);
    expect(names.some((n) => n.includes('tagged')) && names.some((n) => n.includes('read_graph'))).toBe(true);
  }, 60_000);
  return proxy;
}

async function patchSurface(change: Record<string, unknown>): Promise<void> {
  const current = (await api('GET', `/api/projects/${id}`)).body;
  const res = await api('PATCH', `/api/projects/${id}`, { surface: { ...current.surface, ...change } });
  expect(res.status).toBe(200);
  expect(res.body.surface).toMatchObject(change);
}

const loaded = (tools: Tool[]) => tools.filter((t) => t._meta?.[ALWAYS_LOAD] === true).map((t) => t.name);
const marked = (tools: Tool[]) => tools.filter((t) => t._meta !== undefined && ALWAYS_LOAD in t._meta).map((t) => t.name);
const text = (result: unknown) => ((result as { content: { type: string; text?: string }[] }).content ?? []).map((c) => c.text ?? '').join('\n');

/** Change the surface, wait for the client to hear it, and read the list it is given then. */
async function afterChange(proxy: TestClient, change: Record<string, unknown>, until: (tools: Tool[]) => void): Promise<Tool[]> {
  const heard = proxy.nextListChanged();
  await patchSurface(change);
  await heard;
  return eventually(async () => {
    const tools = (await proxy.client.listTools()).tools;
    until(tools);
    return tools;
  });
}

describe('favourites that stay loaded, through favindex proxy', () => {
  let proxy: TestClient;

  beforeAll(async () => {
    proxy = await startProxy('favindex-mode');
    for (const tool of FAVOURITES) expect((await api('POST', `/api/projects/${id}/favourites/pin`, { tool })).status).toBe(200);
    await eventually(async () => expect(loaded((await proxy.client.listTools()).tools)).toHaveLength(FAVOURITES.length));
  });

  it("favindex mode: each fav_ tool carries _meta['anthropic/alwaysLoad'] true, no all_ tool carries the key, and a server's own _meta stays", async () => {
    expect(proxy.client.getInstructions()).toBe(DEFAULT_INSTRUCTIONS.safe);
    const tools = (await proxy.client.listTools()).tools;
    expect(loaded(tools)).toEqual(['fav_tagged', 'fav_echo', 'fav_read_text_file']);
    expect(marked(tools)).toEqual(loaded(tools));
    expect(tools.length).toBeGreaterThan(20);
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect(byName.get('fav_tagged')!._meta).toEqual({ 'example.org/owner': 'docs-team', [ALWAYS_LOAD]: true });
    expect(byName.get('all_meta_tagged')!._meta).toEqual({ 'example.org/owner': 'docs-team' });
    expect(byName.get('all_meta_plain')!._meta).toEqual({ 'example.org/owner': 'ops-team' });
  });

  it('deferred mode: the same favourites, under their typed names and listed first, carry it; no other tool does', async () => {
    const tools = await afterChange(proxy, { mode: 'deferred' satisfies SurfaceMode }, (t) => expect(t[0]?.name).toBe('meta__tagged'));
    expect(tools.slice(0, 3).map((t) => t.name)).toEqual(['meta__tagged', 'everything__echo', 'filesystem__read_text_file']);
    expect(loaded(tools)).toEqual(['meta__tagged', 'everything__echo', 'filesystem__read_text_file']);
    expect(marked(tools)).toEqual(loaded(tools));
    // Every tool once, by the name eager gives it: no fav_/all_ names, no meta-tools.
    const names = tools.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.every((n) => /^[a-z]+__/.test(n))).toBe(true);
    expect(tools.find((t) => t.name === 'meta__tagged')!._meta).toEqual({ 'example.org/owner': 'docs-team', [ALWAYS_LOAD]: true });
  });

  it('deferred mode: a session gets the deferred instruction at initialize, from the surface kept on disk, with or without servers', async () => {
    // A new state folder: its proxy reads the surface once it serves, and keeps it.
    const first = await startProxy('deferred-mode');
    await first.close();
    // initialize waits for nothing (#46): it carries the instruction of the surface the proxy holds then, kept from its last run.
    const dir = path.join(favindex.work, 'deferred-mode');
    const stateDir = path.join(dir, 'state');
    const again = await stdioClient(proxyArgs({ url: favindex.url, project: id, token, config, stateDir }));
    clients.push(again);
    expect(again.client.getInstructions()).toBe(DEFERRED_INSTRUCTION);
    await again.close();
    const none = path.join(dir, 'servers.json');
    fs.writeFileSync(none, JSON.stringify({ mcpServers: {} }));
    const bare = await stdioClient(proxyArgs({ url: favindex.url, project: id, token, config: none, stateDir }));
    clients.push(bare);
    expect(bare.client.getInstructions()).toBe(DEFERRED_INSTRUCTION);
    await bare.close();
  });

  it('deferred mode: a call to a typed name reaches its server, and its trace resolves to the canonical server/tool', async () => {
    const result = await proxy.client.callTool({ name: 'everything__echo', arguments: { message: 'deferred but found' } });
    expect(text(result)).toContain('deferred but found');
    const plain = await proxy.client.callTool({ name: 'meta__plain', arguments: { text: 'hi' } });
    expect(text(plain)).toBe('plain: hi');
    const usage = await eventually(async () => {
      const body = (await api('GET', `/api/projects/${id}/usage?window=1d`)).body;
      expect(body.rows.find((r: { tool: string }) => r.tool === 'meta/plain')).toMatchObject({ calls: 1 });
      return body;
    });
    expect(usage.rows.find((r: { tool: string }) => r.tool === 'everything/echo')).toMatchObject({ calls: 1, pinned: true });
    const events = (await api('GET', `/api/projects/${id}/events?limit=50`)).body.events;
    expect(events.find((e: { tool: string }) => e.tool === 'everything__echo')).toMatchObject({ canonical: 'everything/echo', mode: 'deferred', status: 'ok' });
    expect(events.find((e: { tool: string }) => e.tool === 'meta__plain')).toMatchObject({ canonical: 'meta/plain', mode: 'deferred' });
  });

  it('with the setting off, no tool carries the key in either mode; the servers’ own _meta stays', async () => {
    let tools = await afterChange(proxy, { alwaysLoadFavourites: false }, (t) => expect(marked(t)).toEqual([]));
    expect(tools[0]!.name).toBe('meta__tagged');
    expect(tools[0]!._meta).toEqual({ 'example.org/owner': 'docs-team' });
    tools = await afterChange(proxy, { mode: 'favindex' }, (t) => expect(t[0]?.name).toBe('fav_tagged'));
    expect(marked(tools)).toEqual([]);
    expect(tools[0]!._meta).toEqual({ 'example.org/owner': 'docs-team' });
    tools = await afterChange(proxy, { alwaysLoadFavourites: true }, (t) => expect(loaded(t)).toHaveLength(3));
    expect(loaded(tools)).toEqual(['fav_tagged', 'fav_echo', 'fav_read_text_file']);
  });
});
