import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { prepareCatalog } from '@/lib/surface/prepared-catalog';
import { presentFavindex } from '@/lib/surface/presentation';
import { FavouritesTimeline } from './favourites-timeline';
import { buildNameCatalog } from './name-catalog';
import { metaToolSet } from './meta';
import { resolveCall } from './resolve';
import { nameBudget } from './safe';
import { parseHashed } from './safe-hash';

const FIXTURES = path.join(import.meta.dirname, '..', 'demo', 'catalogs');
const fixtures = fs
  .readdirSync(FIXTURES)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(fs.readFileSync(path.join(FIXTURES, f), 'utf8')) as { server: string; tools: { name: string }[] });

function present(servers: { name: string; tools: { name: string }[] }[], favourites: string[], serverKey = 'favindex') {
  const catalog = prepareCatalog(servers.map((s) => ({ name: s.name, tools: s.tools.map((t) => ({ name: t.name, inputSchema: {} })) })));
  return presentFavindex(catalog, { enabled: true, maxFavourites: 128, tools: favourites }, { naming: 'safe', serverKey });
}

function resolverFor(servers: { name: string; tools: { name: string }[] }[], favourites: string[]) {
  const ctx = {
    catalog: buildNameCatalog(servers),
    favourites: new FavouritesTimeline([{ version: 1, since: 0, tools: favourites }]),
    metaTools: metaToolSet(),
  };
  return (name: string) => resolveCall({ tool: name, timestamp: 1 }, ctx);
}

describe('the safe naming scheme', () => {
  it('fits every fixture catalog under mcp__favindex__ in 64 characters, without shortening a single name', () => {
    const servers = fixtures.map((f) => ({ name: f.server, tools: f.tools }));
    const favourites = servers.flatMap((s) => s.tools.map((t) => `${s.name}/${t.name}`));
    const { tools, leftOut } = present(servers, favourites);
    expect(nameBudget('favindex')).toBe(49);
    expect(leftOut).toEqual([]);
    expect(tools).toHaveLength(2 * favourites.length);
    for (const tool of tools) {
      expect(`mcp__favindex__${tool.name}`.length).toBeLessThanOrEqual(64);
      expect(tool.name).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(parseHashed(tool.name)).toBeNull();
    }
    // github and gitlab share seven tool names: those favourites carry their server.
    expect(tools.find((t) => t.canonical === 'gitlab/create_issue' && t.source === 'favourite')!.name).toBe('fav_gitlab_create_issue');
    expect(tools.find((t) => t.canonical === 'memory/read_graph' && t.source === 'favourite')!.name).toBe('fav_read_graph');
    const resolve = resolverFor(servers, favourites);
    for (const tool of tools) expect(resolve(tool.name)).toMatchObject({ kind: 'tool', canonical: tool.canonical, namespace: tool.source });
  });

  it('shortens a name over the budget with a hash, and gives a name that collides after sanitising a hash too', () => {
    const long = `get_${'very_'.repeat(12)}long_report`;
    const servers = [
      { name: 'gh-work', tools: [{ name: 'create_issue' }] },
      { name: 'gh.work', tools: [{ name: 'create_issue' }, { name: long }] },
    ];
    const favourites = ['gh.work/create_issue', 'gh-work/create_issue'];
    for (const serverKey of ['favindex', 'favindex-production', 'k'.repeat(24)]) {
      const { tools, leftOut } = present(servers, favourites, serverKey);
      const names = tools.map((t) => t.name);
      expect(leftOut).toEqual([]);
      expect(new Set(names).size).toBe(names.length);
      expect(names.every((n) => n.length <= nameBudget(serverKey))).toBe(true);
      // gh-work needed no sanitising: it keeps the plain name; gh.work sanitises into it and is hashed.
      expect(tools.find((t) => t.source === 'all' && t.canonical === 'gh-work/create_issue')!.name).toBe('all_gh-work_create_issue');
      expect(tools.find((t) => t.source === 'all' && t.canonical === 'gh.work/create_issue')!.name).toMatch(/^all_gh-work_create_issue-[0-9a-f]{8}$/);
      expect(tools.find((t) => t.canonical === `gh.work/${long}`)!.name).toMatch(/^all_gh-work_get_very_.*-[0-9a-f]{8}$/);
      // The same input gives the same names: the proxy and the preview agree.
      expect(present(servers, favourites, serverKey).tools.map((t) => t.name)).toEqual(names);
      const resolve = resolverFor(servers, favourites);
      for (const tool of tools) expect(resolve(tool.name)).toMatchObject({ kind: 'tool', canonical: tool.canonical });
    }
  });
});
