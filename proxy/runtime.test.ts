import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PutCatalogResult } from '@/lib/contracts/catalog';
import { catalogFingerprint } from '@/lib/catalog/fingerprint';
import type { CatalogTool } from '@/lib/schemas/catalog';
import { defaultSurfaceConfig } from '@/lib/schemas/surface-config';
import { prepareCatalog } from '@/lib/surface/prepared-catalog';
import { buildSurfaceDocument } from '@/lib/surface/surface-document';
import { tool } from '@/test/surface-catalogs';
import { FavindexApi, FavindexError, type FetchedSurface } from './favindex-api';
import { ProxyProblems } from './problems';
import { ProxyState } from './runtime';
import { ProxySession } from './session';
import { SurfaceClient } from './surface-client';
import { Upstream, type UpstreamTools } from './upstreams';
import { UNSTARTED_UPSTREAM_OPTIONS } from '@/test/unstarted-upstream-options';

/** favindex as the proxy sees it: it keeps the catalogs uploaded, and builds the surface from them. */
class FakeFavindex extends FavindexApi {
  readonly catalogs = new Map<string, CatalogTool[]>();
  readonly log: string[] = [];
  /** Uploads wait for this when set (to see what happens meanwhile). */
  hold: Promise<void> | null = null;
  refuse: FavindexError | null = null;

  constructor() {
    super('http://favindex.test', 'p', 't', 1_000);
  }

  override async putCatalog(server: string, tools: CatalogTool[]): Promise<PutCatalogResult> {
    this.log.push(`put ${server} ${tools.length}`);
    await this.hold;
    if (this.refuse) throw this.refuse;
    const fingerprint = catalogFingerprint(tools);
    const changed = this.catalogs.has(server) ? catalogFingerprint(this.catalogs.get(server) ?? []) !== fingerprint : true;
    this.catalogs.set(server, tools);
    this.log.push(`stored ${server}`);
    return { server, version: 1, fingerprint, changed, added: [], removed: [], changedTools: [], resolvedCalls: 0 };
  }

  override async surface(): Promise<FetchedSurface> {
    this.log.push(`surface ${[...this.catalogs.keys()].sort().join(',')}`);
    const servers = [...this.catalogs].sort(([a], [b]) => a.localeCompare(b)).map(([name, tools]) => ({ name, tools }));
    const document = buildSurfaceDocument(
      {
        project: 'p',
        version: { catalog: 1, favourites: 1, surface: 1 },
        surface: defaultSurfaceConfig(),
        favourites: { enabled: true, maxFavourites: 15, tools: [] },
      },
      prepareCatalog(servers),
      'favindex',
    );
    return { document, etag: `"${document.fingerprint}"`, revision: 1 };
  }
}

const listed = (...names: string[]): UpstreamTools => {
  const tools = names.map((n) => tool(n));
  return {
    tools,
    raw: names.map((name) => ({ name, description: `Does ${name}`, inputSchema: { type: 'object' as const, properties: { id: { type: 'string' } } } })),
  };
};

let dir: string;
let api: FakeFavindex;
let lines: string[];

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'favindex-proxy-state-'));
  api = new FakeFavindex();
  lines = [];
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function proxyState(servers: string[], startWaitMs = 5_000): { state: ProxyState; surface: SurfaceClient } {
  const upstreams = new Map(
    servers.map((name) => [name, new Upstream(name, { transport: 'stdio' as const, command: 'none', args: [], env: {} }, UNSTARTED_UPSTREAM_OPTIONS)]),
  );
  const problems = new ProxyProblems(
    api.baseUrl,
    (m) => lines.push(m),
    () => false,
  );
  const surface = new SurfaceClient({
    api,
    cacheFile: path.join(dir, 'surface.json'),
    pollMs: 60_000,
    log: (m) => lines.push(m),
    problems,
    onChange: (fetched) => state.setSurface(fetched),
  });
  const state = new ProxyState({
    upstreams,
    api,
    toolsDir: path.join(dir, 'tools'),
    log: (m) => lines.push(m),
    problems,
    surface,
    startBy: Date.now() + startWaitMs,
  });
  void surface.firstRead.then(() => state.surfaceSettled());
  return { state, surface };
}

describe('ProxyState: catalog uploads', () => {
  it('uploads the tools a server just listed at once (they are stored before the upload reads them)', async () => {
    const { state } = proxyState(['everything']);
    state.setTools('everything', listed('echo', 'add'));
    // No later push (the poll's): the fake answers without I/O, so one turn of the event loop is enough.
    await new Promise((resolve) => setImmediate(resolve));
    expect(api.catalogs.get('everything')?.map((t) => t.name)).toEqual(['echo', 'add']);
    expect(state.uploader.hasPending()).toBe(false);
  });

  it('reads the surface again after an upload that changed the catalog, with a read that starts after the upload', async () => {
    const { state, surface } = proxyState(['everything']);
    let release = () => {};
    api.hold = new Promise((resolve) => {
      release = resolve;
    });
    // A read under way while the upload runs must not stand for the one after it.
    state.setTools('everything', listed('echo'));
    const early = surface.refresh();
    release();
    await early;
    await state.uploader.push();
    expect(api.log.indexOf('surface everything')).toBeGreaterThan(api.log.indexOf('stored everything'));
    expect(state.presenter.view.order).toEqual(['everything']);
    expect(state.presenter.listing(new ProxySession(async () => {})).tools.map((t) => t.name)).toContain('all_everything_echo');
  });

  it('uploads each of three servers listing at once exactly once, and again one that lists new tools during its upload', async () => {
    const { state } = proxyState(['a', 'b', 'c']);
    let release = () => {};
    api.hold = new Promise((resolve) => {
      release = resolve;
    });
    state.setTools('a', listed('one'));
    state.setTools('b', listed('two'));
    state.setTools('c', listed('three'));
    state.setTools('a', listed('one', 'four'));
    release();
    await state.uploader.push();
    expect(api.log.filter((l) => l.startsWith('put')).sort()).toEqual(['put a 1', 'put a 2', 'put b 1', 'put c 1']);
    expect(api.catalogs.get('a')?.map((t) => t.name)).toEqual(['one', 'four']);
  });

  it('says a missing scope once, however often the upload is retried, and keeps it as lastError', async () => {
    const { state } = proxyState(['everything', 'memory']);
    api.refuse = new FavindexError('favindex refused PUT /catalog: this token lacks the scope catalog:write', 403, false, 'catalog:write');
    state.setTools('everything', listed('echo'));
    state.setTools('memory', listed('read_graph'));
    for (let i = 0; i < 10; i++) await state.uploader.push();
    const said = lines.filter((l) => l.includes('catalog:write'));
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/lacks the scope catalog:write: .*catalog.*events:write, surface:read, catalog:write/);
    expect(state.lastError).toMatchObject({ cause: 'scope:catalog:write' });
    // Nothing is lost: both catalogs wait for a token that may upload them.
    expect(state.uploader.hasPending()).toBe(true);
    api.refuse = null;
    await state.uploader.push();
    expect([...api.catalogs.keys()].sort()).toEqual(['everything', 'memory']);
  });
});

describe('ProxyState: the first list', () => {
  it('waits until every server listed, favindex took the catalogs and the surface was read again', async () => {
    const { state, surface } = proxyState(['everything', 'memory']);
    surface.start();
    let done = false;
    const started = state.whenStarted().then((missing) => {
      done = true;
      return missing;
    });
    state.setTools('everything', listed('echo'));
    await state.uploader.push();
    expect(done).toBe(false);
    expect(state.startingReasons()).toEqual(['MCP server(s) still starting: memory']);
    state.setTools('memory', listed('read_graph'));
    expect(await started).toEqual([]);
    const session = new ProxySession(async () => {});
    expect(state.presenter.listing(session).tools.map((t) => t.name)).toEqual(['all_everything_echo', 'all_memory_read_graph']);
    surface.stop();
  });

  it('does not wait for a server known to have failed', async () => {
    const { state, surface } = proxyState(['everything', 'broken']);
    surface.start();
    const started = state.whenStarted();
    state.setTools('everything', listed('echo'));
    state.setUpstreamState('broken', 'down');
    expect(await started).toEqual([]);
    surface.stop();
  });

  it('answers at the bound with what is still missing', async () => {
    const { state, surface } = proxyState(['everything', 'slow'], 50);
    surface.start();
    state.setTools('everything', listed('echo'));
    expect(await state.whenStarted()).toEqual(['MCP server(s) still starting: slow']);
    surface.stop();
  });

  it('serves at once from the tools and surface kept on disk by an earlier run', async () => {
    const first = proxyState(['everything']);
    first.surface.start();
    first.state.setTools('everything', listed('echo'));
    await first.state.whenStarted();
    first.surface.stop();

    const again = proxyState(['everything']);
    const cached = again.surface.loadCached();
    expect(cached).not.toBeNull();
    again.state.setSurface(cached);
    expect(again.state.startWarmIfKept()).toBe(true);
    expect(await again.state.whenStarted()).toEqual([]);
    expect(again.state.presenter.listing(new ProxySession(async () => {})).tools.map((t) => t.name)).toEqual(['all_everything_echo']);
  });

  it('tells a session only when the list it read really changed, once per change', async () => {
    const { state, surface } = proxyState(['everything']);
    let told = 0;
    const session = new ProxySession(async () => {
      told++;
    });
    state.presenter.sessions.add(session);
    surface.start();
    state.setTools('everything', listed('echo'));
    await state.whenStarted();
    // Before it lists, nothing to tell.
    expect(told).toBe(0);
    session.known = state.presenter.listing(session).toolsHash;
    // The same tools listed again, the same surface read again: no news.
    state.setTools('everything', listed('echo'));
    await state.uploader.push();
    await surface.refresh();
    expect(told).toBe(0);
    state.setTools('everything', listed('echo', 'add'));
    await state.uploader.push();
    expect(told).toBe(1);
    surface.stop();
  });
});
