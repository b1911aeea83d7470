import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEMO_SERVERS } from '@/lib/demo/catalogs';
import type { NamingScheme } from '@/lib/schemas/surface-config';
import { applyClient } from '@/lib/surface/client-list';
import { CLIENTS, type ClientId } from '@/lib/surface/clients';
import { buildModeList } from '@/lib/surface/modes';
import { prepareCatalog } from '@/lib/surface/prepared-catalog';
import type { ListedTool } from '@/lib/surface/types';
import { modeInputs } from '@/test/surface-catalogs';
import { FavouritesTimeline } from './favourites-timeline';
import { clientName } from './client-forms';
import { buildNameCatalog } from './name-catalog';
import type { NameContext } from './resolution';
import { metaToolSet } from './meta';
import { mayDependOnTime, resolveCall } from './resolve';

const T0 = Date.parse('2026-11-01T00:00:00Z');
const T1 = Date.parse('2026-11-10T00:00:00Z');

const servers = DEMO_SERVERS.map((s) => ({ name: s.server, tools: s.tools }));
const ctx: NameContext = {
  catalog: buildNameCatalog(servers),
  favourites: new FavouritesTimeline([
    { version: 1, since: T0, tools: ['github/create_issue', 'filesystem/read_file', 'filesystem/list_directory_with_sizes'] },
    // From T1 two favourites share create_issue: the names carry their server.
    { version: 2, since: T1, tools: ['github/create_issue', 'gitlab/create_issue'] },
  ]),
  metaTools: metaToolSet(),
  serverKeys: ['favindex'],
};

const resolve = (tool: string, timestamp = T0 + 1, context = ctx) => resolveCall({ tool, timestamp }, context);

// [name as the model called it, when, the tool it stands for or why not]
const table: [string, number, string | RegExp][] = [
  // the safe scheme
  ['fav_read_file', T0 + 1, 'filesystem/read_file'],
  ['fav_create_issue', T0 + 1, 'github/create_issue'],
  ['fav_github_create_issue', T1 + 1, 'github/create_issue'],
  ['fav_gitlab_create_issue', T1 + 1, 'gitlab/create_issue'],
  ['fav_read_file', T1 + 1, /not a favourite in favourites version 2/],
  ['all_everything_trigger-long-running-operation', T0, 'everything/trigger-long-running-operation'],
  ['all_github_no_such_tool', T0, /no catalog tool's all_<server>_<tool> name/],
  // the same names through the clients
  ['mcp__favindex__fav_read_file', T0 + 1, 'filesystem/read_file'],
  ['mcp__favindex__all_memory_read_graph', T0, 'memory/read_graph'],
  ['mcp_favindex_fav_gitlab_create_issue', T1 + 1, 'gitlab/create_issue'],
  ['favindex-all_gitlab_fork_repository', T0, 'gitlab/fork_repository'],
  // slash names as clients rewrite them
  ['mcp__favindex__favourite/read_file', T0 + 1, 'filesystem/read_file'],
  ['mcp__favindex__favourite_github_create_issue', T1 + 1, 'github/create_issue'],
  ['mcp__favindex__all_gitlab_create_merge_request', T0, 'gitlab/create_merge_request'],
  ['mcp_favindex_all_filesystem_list_directory_with_sizes', T0, 'filesystem/list_directory_with_sizes'],
  // Cursor was reported to drop '/'
  ['mcp_favindex_allmemoryopen_nodes', T0, 'memory/open_nodes'],
  ['favindex-all/github/push_files', T0, 'github/push_files'],
  // other server keys: Claude Code's form carries its key; others need the project's
  ['mcp__work__all_github_search_code', T0, 'github/search_code'],
  ['mcp_work_all_github_search_code', T0, /unknown tool 'mcp_work_all_github_search_code'/],
  // a meta tool behind a client prefix is still a meta tool
  ['mcp__favindex__mcp_find_tools', T0, 'meta'],
  // what no rule can undo says why
  ['mcp__favindex__create_issue', T0, /looks like Claude Code or Codex.*ambiguous tool 'create_issue'/],
  ['mcp__favindex__fav_search_code', T0 + 1, /looks like Claude Code or Codex.*not a favourite in favourites version 1/],
];

describe('every form of both schemes resolves, through every client', () => {
  it.each(table)('%s at %s', (tool, timestamp, expected) => {
    const result = resolve(tool, timestamp);
    if (expected === 'meta') expect(result.kind).toBe('meta');
    else if (typeof expected === 'string') expect(result).toMatchObject({ kind: 'tool', canonical: expected });
    else expect(result.kind === 'unresolved' && result.reason).toMatch(expected);
  });

  it('Codex cut-and-hashed names and VS Code cut names come back; a cut shared by two tools says so', () => {
    const keyed = { ...ctx, serverKeys: ['favindex-production'] };
    const codex = clientName(CLIENTS.codex, 'favindex-production', 'all/everything/trigger-long-running-operation').name;
    expect(codex).toBe('mcp__favindex-production0e149cbe5b39a6cf9e27888e4ccbae02933d73de');
    expect(resolve(codex, T0, keyed)).toMatchObject({ kind: 'tool', canonical: 'everything/trigger-long-running-operation', namespace: 'all' });
    // A favourite's hashed name depends on the version in force, as every favourite name does.
    const favourite = clientName(CLIENTS.codex, 'favindex-production-eu1', 'favourite/list_directory_with_sizes').name;
    expect(favourite).toHaveLength(64);
    const eu = { ...ctx, serverKeys: ['favindex-production-eu1'] };
    expect(resolve(favourite, T0 + 1, eu)).toMatchObject({ kind: 'tool', canonical: 'filesystem/list_directory_with_sizes', namespace: 'favourite' });
    // From T1 it was no favourite: the same name leads nowhere, and says so.
    expect(resolve(favourite, T1 + 1, eu)).toMatchObject({ kind: 'unresolved' });
    expect(mayDependOnTime(favourite, null)).toBe(true);
    // VS Code cuts at 64 without a hash: unique cuts come back, shared ones cannot.
    const wide = buildNameCatalog([
      { name: 'svc', tools: [{ name: `${'x'.repeat(60)}_one` }, { name: `${'x'.repeat(60)}_two` }, { name: `${'y'.repeat(60)}` }] },
    ]);
    const cut = { ...ctx, catalog: wide };
    const cutOf = (tool: string) => clientName(CLIENTS['vscode-copilot'], 'favindex', `all/svc/${tool}`).name;
    expect(cutOf('y'.repeat(60))).toHaveLength(64);
    expect(resolve(cutOf('y'.repeat(60)), T0, cut)).toMatchObject({ kind: 'tool', canonical: `svc/${'y'.repeat(60)}` });
    expect(cutOf(`${'x'.repeat(60)}_one`)).toBe(cutOf(`${'x'.repeat(60)}_two`));
    const shared = resolve(cutOf(`${'x'.repeat(60)}_one`), T0, cut);
    expect(shared.kind === 'unresolved' && shared.reason).toMatch(/several tools \(svc\/x+_one, svc\/x+_two\): its renaming cannot be undone/);
  });

  it('an event that names its server resolves a safe or client name to that server’s tool', () => {
    expect(resolveCall({ tool: 'mcp__favindex__all_gitlab_create_issue', server: 'gitlab', timestamp: T0 }, ctx)).toMatchObject({
      kind: 'tool',
      canonical: 'gitlab/create_issue',
    });
    expect(resolveCall({ tool: 'fav_read_file', server: 'filesystem', timestamp: T0 + 1 }, ctx)).toMatchObject({ canonical: 'filesystem/read_file' });
  });
});

describe('present → client rewrite → resolve', () => {
  // Real fixture tool names, and the same with the characters clients rewrite, some long.
  const base = DEMO_SERVERS.flatMap((s) => s.tools.map((t) => t.name));
  const toolName = fc.oneof(
    fc.constantFrom(...base),
    fc.tuple(fc.constantFrom(...base), fc.constantFrom('.', '/', ' ', '-', '_'), fc.constantFrom(...base)).map(([a, sep, b]) => `${a}${sep}${b}`),
  );
  const serverName = fc.constantFrom('github', 'gh.work', 'gh_work', 'gh-work', 'k8s', 'a', 'a_b', 'memory');
  const catalogArb = fc.uniqueArray(fc.record({ name: serverName, tools: fc.uniqueArray(toolName, { minLength: 1, maxLength: 6 }) }), {
    minLength: 1,
    maxLength: 4,
    selector: (s) => s.name,
  });
  const clientArb = fc.constantFrom<ClientId>('claude-code', 'codex', 'cursor', 'vscode-copilot', 'copilot-cli');
  const families: Record<string, ClientId[]> = {
    'claude-code': ['claude-code', 'codex'],
    codex: ['claude-code', 'codex'],
    cursor: ['vscode-copilot', 'cursor'],
    'vscode-copilot': ['vscode-copilot', 'cursor'],
    'copilot-cli': ['copilot-cli'],
  };

  /** Every list favindex presents for the catalog: both schemes of favindex mode, and the typed names of eager and deferred. */
  function presentations(catalog: ReturnType<typeof prepareCatalog>, favourites: string[], serverKey: string): ListedTool[] {
    const inputs = (naming: NamingScheme) => modeInputs({ favourites: { enabled: true, maxFavourites: 128, tools: favourites }, naming, serverKey });
    return [
      ...buildModeList('favindex', catalog, inputs('slash')).tools,
      ...buildModeList('favindex', catalog, inputs('safe')).tools,
      ...buildModeList('eager', catalog, inputs('safe')).tools,
      ...buildModeList('deferred', catalog, inputs('safe')).tools,
    ];
  }

  it('returns the canonical name wherever the rewrite is reversible, and names the reason where it is not', () => {
    fc.assert(
      fc.property(catalogArb, clientArb, fc.constantFrom('favindex', 'favindex-production'), fc.nat(), (catalogServers, client, serverKey, pick) => {
        const catalog = prepareCatalog(catalogServers.map((s) => ({ name: s.name, tools: s.tools.map((name) => ({ name, inputSchema: {} })) })));
        const favourites = catalog.entries.filter((_, i) => (i + pick) % 3 === 0).map((e) => e.canonical);
        const context: NameContext = {
          catalog: buildNameCatalog(catalogServers.map((s) => ({ name: s.name, tools: s.tools.map((name) => ({ name })) }))),
          favourites: new FavouritesTimeline([{ version: 1, since: T0, tools: favourites }]),
          metaTools: metaToolSet(),
          serverKeys: [serverKey],
        };
        const every = presentations(catalog, favourites, serverKey);
        // The oracle: which tools can end with a name, over every list and every client of the family.
        const producers = new Map<string, Set<string>>();
        for (const member of families[client]!) {
          for (const tool of every) {
            if (!tool.canonical) continue;
            const name = clientName(CLIENTS[member], serverKey, tool.name).name;
            producers.set(name, (producers.get(name) ?? new Set()).add(tool.canonical));
          }
        }
        for (const [mode, naming] of [
          ['favindex', 'slash'],
          ['favindex', 'safe'],
          ['deferred', 'safe'],
        ] as const) {
          const list = buildModeList(mode, catalog, modeInputs({ favourites: { enabled: true, maxFavourites: 128, tools: favourites }, naming, serverKey }));
          for (const tool of applyClient(CLIENTS[client], serverKey, list.tools).tools) {
            if (!tool.received || !tool.canonical) continue;
            const result = resolveCall({ tool: tool.name, timestamp: T0 + 1 }, context);
            const made = producers.get(tool.name)!;
            if (made.size === 1) expect(result).toMatchObject({ kind: 'tool', canonical: tool.canonical });
            else expect(result.kind === 'unresolved' && result.reason).toMatch(/several tools|ambiguous/);
          }
        }
      }),
      { numRuns: 150 },
    );
  });
});
