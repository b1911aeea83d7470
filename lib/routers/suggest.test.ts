import { describe, expect, it } from 'vitest';
import { emptyRoutersConfig, OP_NAME_RE, ROUTER_NAME_RE, routerSchema, type RoutersConfig } from '@/lib/schemas/routers';
import { estimateTokens, listOverheadTokens } from '@/lib/surface/tokens';
import type { ListedTool } from '@/lib/surface/types';
import { prepareCatalog } from '@/lib/surface/prepared-catalog';
import { routersCatalog, routersTool } from '@/test/routers-catalog';
import { routerDefinition } from './definition';
import { type RouterSuggestion, suggestRouters } from './suggest';

const catalog = routersCatalog();
const result = suggestRouters(catalog, emptyRoutersConfig());

function named(name: string, from: readonly RouterSuggestion[] = result.suggestions): RouterSuggestion {
  const suggestion = from.find((s) => s.router.name === name);
  if (!suggestion) throw new Error(`no suggestion named ${name}; got ${from.map((s) => s.router.name).join(', ')}`);
  return suggestion;
}

const toolsOf = (s: RouterSuggestion) => s.router.ops.map((o) => o.tool).sort();
const opsOf = (s: RouterSuggestion) => Object.fromEntries(s.router.ops.map((o) => [o.op, o.tool]));

describe('suggested routers', () => {
  it('folds the tools that act on one thing of one server into one router, whatever they do to it', () => {
    expect(toolsOf(named('github_issue'))).toEqual(
      ['add_issue_comment', 'create_issue', 'get_issue', 'get_issue_comments', 'list_issues', 'search_issues', 'update_issue'].map((t) => `github/${t}`),
    );
    expect(opsOf(named('github_pull_request'))).toEqual({
      create: 'github/create_pull_request',
      get: 'github/get_pull_request',
      list: 'github/list_pull_requests',
      create_review: 'github/create_pull_request_review',
      merge: 'github/merge_pull_request',
      get_files: 'github/get_pull_request_files',
      get_status: 'github/get_pull_request_status',
      update_branch: 'github/update_pull_request_branch',
      get_comments: 'github/get_pull_request_comments',
      get_reviews: 'github/get_pull_request_reviews',
    });
    expect(toolsOf(named('github_scanning_alert'))).toEqual(
      ['get_code_scanning_alert', 'get_secret_scanning_alert', 'list_code_scanning_alerts', 'list_secret_scanning_alerts'].map((t) => `github/${t}`),
    );
    expect(toolsOf(named('filesystem_directory'))).toEqual(
      ['create_directory', 'directory_tree', 'list_allowed_directories', 'list_directory', 'list_directory_with_sizes'].map((t) => `filesystem/${t}`),
    );
    expect(toolsOf(named('memory_relation'))).toEqual(['memory/create_relations', 'memory/delete_relations']);
    for (const s of result.suggestions) expect(new Set(s.router.ops.map((o) => o.tool.split('/')[0]))).toEqual(new Set([s.server]));
  });

  it('folds one act over several things when their inputs are of one shape, and says so', () => {
    const search = named('github_search');
    expect(search.kind).toBe('verb');
    expect(opsOf(search)).toEqual({ code: 'github/search_code', users: 'github/search_users' });
    expect(search.why).toBe('Both do one act, search, in github, each over another thing (code and users); both take {q, order, page, per_page}.');
    expect(named('github_issue').why).toBe(
      "All 7 act on issues of github: read (list, search, get), create (create, add), change (update); their inputs differ, and list_ops gives each op's schema.",
    );
    expect(named('github_scanning_alert').why).toBe('All 4 act on scanning alerts of github: read (list, get); every one takes {owner, repo}.');
  });

  it('forces no cluster on a tool with no sibling: it is left alone with the reason a singleton would carry', () => {
    expect(result.alone.map((a) => a.tool)).toEqual(['github/get_me', 'memory/read_graph']);
    expect(result.alone[0]?.reason).toBe(
      'No router and no other unplaced tool of github acts on "me", and none shares its act (get) with no arguments: a one-off, kept on its own.',
    );
  });

  it('takes each catalog tool once: in one suggestion or alone', () => {
    const seen = [...result.suggestions.flatMap((s) => s.router.ops.map((o) => o.tool)), ...result.alone.map((a) => a.tool)];
    expect(seen.sort()).toEqual(catalog.entries.map((e) => e.canonical).sort());
  });

  it('names routers and ops as the schema takes them, each name once, with one-line notes from the descriptions', () => {
    const names = result.suggestions.map((s) => s.router.name);
    expect(new Set(names).size).toBe(names.length);
    for (const s of result.suggestions) {
      expect(routerSchema.safeParse(s.router).success).toBe(true);
      expect(s.router.name).toMatch(ROUTER_NAME_RE);
      for (const op of s.router.ops) expect(op.op).toMatch(OP_NAME_RE);
    }
    const readFile = named('filesystem_file').router.ops.find((o) => o.tool === 'filesystem/read_file');
    expect(readFile?.note).toBe('Read the complete contents of a file as text.');
    expect(named('github_issue').router.description).toBe('Read, create and change issues in github.');
  });

  it("makes a valid router name of any server's name, and numbers a name two suggestions would share", () => {
    const items = ['get_item', 'list_items'].map((n) => routersTool(n, `${n}.`, {}));
    const odd = prepareCatalog(['1.pass', '1_pass'].map((name) => ({ name, tools: items })));
    expect(suggestRouters(odd, emptyRoutersConfig()).suggestions.map((s) => s.router.name)).toEqual(['r_1_pass_item', 'r_1_pass_item_2']);
    expect(suggestRouters(prepareCatalog([]), emptyRoutersConfig())).toEqual({
      suggestions: [],
      alone: [],
      saves: { tools: { before: 0, after: 0, saved: 0 }, tokens: { before: 0, after: 0, saved: 0, method: 'openai-functions' } },
    });
  });

  it('saves what the token estimate gives for the tools one by one against the router', () => {
    const anthropic = suggestRouters(catalog, emptyRoutersConfig(), { tokenMethod: 'anthropic-tools' });
    for (const s of [...anthropic.suggestions, ...result.suggestions.slice(0, 3)]) {
      const method = s.saves.tokens.method;
      const count = (tools: ListedTool[]) => estimateTokens(tools, method).tokens - listOverheadTokens(method);
      const before = count(
        s.router.ops.map((o) => {
          const entry = catalog.byCanonical.get(o.tool);
          if (!entry) throw new Error(`${o.tool} is not in the catalog`);
          return { name: entry.typedName, canonical: entry.canonical, source: 'typed', body: entry.tool };
        }),
      );
      const after = count([{ name: s.router.name, canonical: null, source: 'meta', body: routerDefinition(s.router) }]);
      expect(s.saves).toEqual({
        tools: { before: s.router.ops.length, after: 1, saved: s.router.ops.length - 1 },
        tokens: { before, after, saved: before - after, method },
      });
    }
    expect(named('github_pull_request').saves.tokens.saved).toBeGreaterThan(400);
    const folded = catalog.toolCount - result.alone.length;
    expect(result.saves.tools).toEqual({ before: folded, after: result.suggestions.length, saved: folded - result.suggestions.length });
    expect(result.saves.tokens.saved).toBe(result.suggestions.reduce((sum, s) => sum + s.saves.tokens.saved, 0));
  });

  it('lists the suggestions that save most first, and gives the same answer every time', () => {
    const saved = result.suggestions.map((s) => [s.saves.tools.saved, s.saves.tokens.saved] as const);
    expect(saved).toEqual([...saved].sort((a, b) => b[0] - a[0] || b[1] - a[1]));
    expect(result.suggestions[0]?.router.name).toBe('github_pull_request');
    expect(suggestRouters(routersCatalog(), emptyRoutersConfig())).toEqual(result);
  });

  it('suggests nothing for tools the config already places, and no router name it already has', () => {
    const current: RoutersConfig = {
      routers: [
        {
          name: 'github_issue',
          description: 'Issues.',
          ops: [
            { op: 'get', tool: 'github/get_issue', note: 'Get an issue.' },
            { op: 'list', tool: 'github/list_issues', note: 'List issues.' },
          ],
        },
      ],
      singletons: [
        { tool: 'github/get_me', reason: 'The signed-in user.' },
        { tool: 'memory/create_relations', reason: 'Kept apart.' },
      ],
    };
    const after = suggestRouters(catalog, current);
    const placed = ['github/get_issue', 'github/list_issues', 'github/get_me', 'memory/create_relations'];
    const offered = [...after.suggestions.flatMap((s) => s.router.ops.map((o) => o.tool)), ...after.alone.map((a) => a.tool)];
    expect(offered.filter((t) => placed.includes(t))).toEqual([]);
    expect(offered).toHaveLength(catalog.toolCount - placed.length);
    expect(after.suggestions.map((s) => s.router.name)).not.toContain('github_issue');
    expect(toolsOf(named('github_issue_2', after.suggestions))).toEqual(
      ['add_issue_comment', 'create_issue', 'get_issue_comments', 'search_issues', 'update_issue'].map((t) => `github/${t}`),
    );
    // Its one sibling placed, delete_relations has none left: it stays alone.
    expect(after.alone.map((a) => a.tool)).toContain('memory/delete_relations');
  });
});
