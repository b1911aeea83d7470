import { describe, expect, it } from 'vitest';
import { DEMO_SERVERS } from '@/lib/demo/catalogs';
import type { NamingScheme } from '@/lib/schemas/surface-config';
import { modeInputs } from '@/test/surface-catalogs';
import { clientName } from '@/lib/names/client-forms';
import { applyClient } from './client-list';
import { CLIENT_IDS, CLIENTS, type ClientId } from './clients';
import { buildModeList } from './modes';
import { prepareCatalog } from './prepared-catalog';

// The five real tools/list results, and favourites of which two share a tool name.
const catalog = prepareCatalog(DEMO_SERVERS.map((s) => ({ name: s.server, tools: s.tools })));
const favourites = { enabled: true, maxFavourites: 15, tools: ['github/create_issue', 'gitlab/create_issue', 'filesystem/read_file'] };

function through(client: ClientId, naming: NamingScheme, serverKey = 'favindex') {
  const list = buildModeList('favindex', catalog, modeInputs({ favourites, naming, serverKey }));
  return applyClient(CLIENTS[client], serverKey, list.tools);
}

function entry(client: ClientId, naming: NamingScheme, canonical: string, source: 'favourite' | 'all', serverKey?: string) {
  const found = through(client, naming, serverKey).tools.find((t) => t.canonical === canonical && t.source === source);
  if (!found) throw new Error(`${canonical} (${source}) is not in the list`);
  return { name: found.name, presented: found.presented, received: found.received, marks: found.marks.map((m) => m.kind) };
}

// [client, naming, canonical, source, the name the model receives, marks]
const table: [ClientId, NamingScheme, string, 'favourite' | 'all', string, string[]][] = [
  ['raw', 'slash', 'github/create_issue', 'favourite', 'favourite/github/create_issue', []],
  ['raw', 'safe', 'github/create_issue', 'favourite', 'fav_github_create_issue', []],
  ['raw', 'safe', 'filesystem/read_file', 'favourite', 'fav_read_file', []],
  ['claude-code', 'slash', 'filesystem/read_file', 'favourite', 'mcp__favindex__favourite/read_file', ['unknown']],
  ['claude-code', 'safe', 'filesystem/read_file', 'favourite', 'mcp__favindex__fav_read_file', []],
  ['claude-code', 'safe', 'everything/trigger-long-running-operation', 'all', 'mcp__favindex__all_everything_trigger-long-running-operation', []],
  ['claude-desktop', 'slash', 'filesystem/read_file', 'favourite', 'favourite/read_file', ['refused-by-client']],
  ['claude-desktop', 'safe', 'filesystem/read_file', 'favourite', 'fav_read_file', []],
  ['codex', 'slash', 'github/create_issue', 'favourite', 'mcp__favindex__favourite_github_create_issue', ['renamed']],
  ['codex', 'slash', 'memory/read_graph', 'all', 'mcp__favindex__all_memory_read_graph', ['renamed']],
  ['codex', 'safe', 'memory/read_graph', 'all', 'mcp__favindex__all_memory_read_graph', []],
  ['cursor', 'slash', 'filesystem/read_file', 'favourite', 'mcp_favindex_favourite/read_file', ['unknown']],
  ['cursor', 'safe', 'github/create_or_update_file', 'all', 'mcp_favindex_all_github_create_or_update_file', []],
  ['vscode-copilot', 'slash', 'gitlab/create_issue', 'favourite', 'mcp_favindex_favourite_gitlab_create_issue', ['renamed']],
  ['vscode-copilot', 'safe', 'gitlab/create_issue', 'favourite', 'mcp_favindex_fav_gitlab_create_issue', []],
  ['copilot-cli', 'slash', 'filesystem/read_file', 'favourite', 'favindex-favourite/read_file', ['refused-by-client']],
  ['copilot-cli', 'safe', 'filesystem/read_file', 'favourite', 'favindex-fav_read_file', []],
  ['gemini-cli', 'slash', 'filesystem/read_file', 'favourite', 'mcp_favindex_favourite_read_file', ['renamed']],
  ['gemini-cli', 'safe', 'filesystem/read_file', 'favourite', 'mcp_favindex_fav_read_file', []],
];

describe('client names from the real fixture catalogs', () => {
  it.each(table)('%s, %s naming: %s (%s) reaches the model as %s', (client, naming, canonical, source, name, marks) => {
    expect(entry(client, naming, canonical, source)).toMatchObject({ name, marks });
  });

  it('covers every client', () => {
    expect(new Set(table.map(([client]) => client))).toEqual(new Set(CLIENT_IDS));
  });

  it('with a longer server key a name passes 64 only before the prefix: Codex cuts and hashes it as its own code does', () => {
    const presented = 'all/everything/trigger-long-running-operation';
    expect(presented.length).toBeLessThanOrEqual(64);
    // Worked out by hand from codex-rs qualify_tools(): sanitise "mcp__favindex-production__all/everything/trigger-long-running-operation"
    // (71 characters), keep its first 64 - 40 = 24, append the SHA-1 hex of the unsanitised name (Python's hashlib).
    expect(clientName(CLIENTS.codex, 'favindex-production', presented).name).toBe('mcp__favindex-production0e149cbe5b39a6cf9e27888e4ccbae02933d73de');
    // Codex's own test vector (mcp_connection_manager.rs, test_qualify_tools_long_names_same_server).
    const long = 'extremely_lengthy_function_name_that_absolutely_surpasses_all_reasonable_limits';
    expect(clientName(CLIENTS.codex, 'my_server', long).name).toBe('mcp__my_server__extremel119a2b97664e41363932dc84de21e2ff1b93b3e9');
    // Claude Code does not shorten: the name is 71 characters, and Anthropic refuses the request.
    expect(clientName(CLIENTS['claude-code'], 'favindex-production', presented).name).toHaveLength(71);
    // Cursor leaves the tool out: key and name reach 60 characters together.
    expect(entry('cursor', 'slash', 'everything/trigger-long-running-operation', 'all', 'favindex-production')).toMatchObject({
      received: false,
      marks: ['unknown', 'refused-by-client'],
    });
    // The safe scheme shortens the name itself, so the prefixed name stays within 64 everywhere.
    const safe = entry('claude-code', 'safe', 'everything/trigger-long-running-operation', 'all', 'favindex-production');
    expect(safe.name).toMatch(/^mcp__favindex-production__all_everything_trigger-long-r-[0-9a-f]{8}$/);
    expect(safe.name).toHaveLength(64);
  });

  it('two tools that collide once the client rewrites them: Codex keeps the first, the safe scheme keeps them apart', () => {
    // The github fixture registered twice, as gh.work and gh_work: '.' and '_' differ only before a rewrite.
    const github = DEMO_SERVERS.find((s) => s.server === 'github')!;
    const twins = prepareCatalog([
      { name: 'gh.work', tools: github.tools },
      { name: 'gh_work', tools: github.tools },
    ]);
    const listOf = (naming: NamingScheme) =>
      buildModeList('favindex', twins, modeInputs({ favourites: { enabled: false, maxFavourites: 1, tools: [] }, naming })).tools;
    const codex = applyClient(CLIENTS.codex, 'favindex', listOf('slash')).tools;
    const [first, second] = codex.filter((t) => t.name === 'mcp__favindex__all_gh_work_create_issue');
    expect(first).toMatchObject({ presented: 'all/gh.work/create_issue', received: true });
    expect(second).toMatchObject({ presented: 'all/gh_work/create_issue', received: false });
    expect(second!.marks.map((m) => m.kind)).toEqual(['renamed', 'collision', 'refused-by-client']);
    expect(first!.marks.find((m) => m.kind === 'collision')!.message).toContain("'all/gh_work/create_issue' and 'all/gh.work/create_issue' both become");
    // Claude Code turns '.' into '_' too, sends both, and the provider sees one name twice.
    const claude = applyClient(CLIENTS['claude-code'], 'favindex', listOf('slash')).tools.filter((t) => t.name === 'mcp__favindex__all/gh_work/create_issue');
    expect(claude.map((t) => t.received)).toEqual([true, true]);
    // Safe names sanitise '.' to '-': gh-work and gh_work stay apart for every client.
    for (const client of CLIENT_IDS) {
      const names = applyClient(CLIENTS[client], 'favindex', listOf('safe')).tools.map((t) => t.name);
      expect(new Set(names).size).toBe(names.length);
    }
  });

  it('the clients own caps: Cursor sends the first 40, VS Code groups past 128, Copilot CLI past 128 is not known', () => {
    const cursor = through('cursor', 'safe').tools;
    expect(cursor.filter((t) => t.received)).toHaveLength(40);
    expect(cursor[40]!.marks[0]!.message).toBe('Cursor sends only the first 40 tools');
    const wide = prepareCatalog([{ name: 's', tools: Array.from({ length: 130 }, (_, i) => ({ name: `t${i}`, inputSchema: { type: 'object' } })) }]);
    const list = buildModeList('favindex', wide, modeInputs({ favourites: { enabled: false, maxFavourites: 1, tools: [] } })).tools;
    const vscode = applyClient(CLIENTS['vscode-copilot'], 'favindex', list);
    expect(vscode.tools.filter((t) => t.marks.some((m) => m.kind === 'grouped'))).toHaveLength(2);
    const cli = applyClient(CLIENTS['copilot-cli'], 'favindex', list);
    expect(cli.tools.filter((t) => t.received)).toHaveLength(130);
    expect(cli.tools.filter((t) => t.marks.some((m) => m.kind === 'unknown'))).toHaveLength(2);
  });

  it('says when the client fails the whole request, in plain words', () => {
    expect(through('claude-desktop', 'slash').refusal).toMatch(/^Claude Desktop would fail the whole request: 74 tool name\(s\) break its rule/);
    expect(through('copilot-cli', 'slash').refusal).toContain("e.g. 'favindex-favourite/github/create_issue'");
    expect(through('claude-desktop', 'safe').refusal).toBeNull();
  });

  it('Gemini CLI cuts a name over 63 characters in the middle: the first 30, "...", the last 30', () => {
    const made = clientName(CLIENTS['gemini-cli'], 'favindex-production-eu1', 'all_everything_trigger-long-running-operation');
    expect(made).toMatchObject({ name: 'mcp_favindex-production-eu1_al...trigger-long-running-operation', rewritten: true });
    expect(made.name).toHaveLength(63);
  });

  it('VS Code takes at most 13 characters of the server name, lower-cased', () => {
    expect(clientName(CLIENTS['vscode-copilot'], 'FavIndex-Production-EU', 'fav_read_file').name).toBe('mcp_favindex-prod_fav_read_file');
  });

  it('puts the key before a name as written, a $ in it included', () => {
    expect(clientName(CLIENTS['claude-code'], 'favindex', "price$&_in$'usd").name).toBe("mcp__favindex__price$&_in$'usd");
    expect(clientName(CLIENTS['copilot-cli'], 'favindex', 'a$1b').name).toBe('favindex-a$1b');
  });
});
