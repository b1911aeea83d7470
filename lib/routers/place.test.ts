import { describe, expect, it } from 'vitest';
import { emptyRoutersConfig, type RoutersConfig, routersConfigSchema } from '@/lib/schemas/routers';
import type { PreparedCatalog } from '@/lib/surface/prepared-catalog';
import { routersCatalog, routersTool } from '@/test/routers-catalog';
import { applyPlacements } from './apply';
import { type Placement, placeNewTools } from './place';
import { placedTools, suggestRouters } from './suggest';

/** Every suggestion taken and every tool left alone made a singleton: the config a team has once it has placed its whole catalog. */
function placedWhole(catalog: PreparedCatalog): RoutersConfig {
  const { suggestions, alone } = suggestRouters(catalog, emptyRoutersConfig());
  return routersConfigSchema.parse({ routers: suggestions.map((s) => s.router), singletons: alone.map((a) => ({ tool: a.tool, reason: a.reason })) });
}

const string = { type: 'string' };
const number = { type: 'number' };
const repo = { owner: string, repo: string };
const discussions = [
  routersTool('list_discussions', 'List discussions for a repository.', { ...repo, category: string }, ['owner', 'repo']),
  routersTool('get_discussion', 'Get a specific discussion by ID.', { ...repo, discussionNumber: number }),
];
const rateLimit = routersTool('get_rate_limit', 'Get the rate limit of the authenticated user.', {});

function only<R extends Placement['rule']>(placement: Placement | undefined, rule: R): Extract<Placement, { rule: R }> {
  if (placement?.rule !== rule) throw new Error(`expected a ${rule} placement, got ${JSON.stringify(placement)}`);
  return placement as Extract<Placement, { rule: R }>;
}

describe('placing new tools', () => {
  it('gives a new tool to the existing router that owns what it acts on, as a new op named apart from the others', () => {
    const before = placedWhole(routersCatalog({ without: ['github/create_issue', 'github/get_issue_comments'] }));
    const proposal = placeNewTools(routersCatalog(), before, ['github/get_issue_comments', 'github/create_issue']);
    expect(proposal.placements.map((p) => [p.tool, p.rule])).toEqual([
      ['github/create_issue', 'existing-router'],
      ['github/get_issue_comments', 'existing-router'],
    ]);
    const create = only(proposal.placements[0], 'existing-router');
    expect(create.router).toBe('github_issue');
    expect(create.op).toEqual({ op: 'create', tool: 'github/create_issue', note: 'Create a new issue in a GitHub repository' });
    expect(only(proposal.placements[1], 'existing-router').op.op).toBe('get_comments');
    expect(create.why).toBe(
      'github_issue owns issues of github (as list_issues, update_issue, add_issue_comment and 2 more do), and github/create_issue acts on them too.',
    );
    expect(proposal.newRouters).toEqual([]);
  });

  it('gives a new tool to the router of its act when that router takes a like input', () => {
    const current: RoutersConfig = {
      routers: [
        {
          name: 'github_search',
          description: 'Search github.',
          ops: [
            { op: 'code', tool: 'github/search_code', note: 'Search code.' },
            { op: 'users', tool: 'github/search_users', note: 'Search users.' },
          ],
        },
      ],
      singletons: [],
    };
    const proposal = placeNewTools(routersCatalog(), current, ['github/search_issues']);
    const placement = only(proposal.placements[0], 'existing-router');
    expect([placement.router, placement.op.op]).toEqual(['github_search', 'issues']);
    expect(placement.why).toBe("github_search does one act, search, in github, and github/search_issues does it with an input like github/search_code's.");
  });

  it('starts a new router for a new shape with a sibling, taking in the unplaced siblings too', () => {
    const before = placedWhole(routersCatalog());
    const both = placeNewTools(routersCatalog({ extra: { github: discussions } }), before, ['github/list_discussions', 'github/get_discussion']);
    expect(both.placements.map((p) => [p.tool, p.rule, only(p, 'new-router').router])).toEqual([
      ['github/list_discussions', 'new-router', 'github_discussion'],
      ['github/get_discussion', 'new-router', 'github_discussion'],
    ]);
    expect(both.newRouters.map((s) => s.router.ops.map((o) => [o.op, o.tool]))).toEqual([
      [
        ['list', 'github/list_discussions'],
        ['get', 'github/get_discussion'],
      ],
    ]);
    expect(both.newRouters[0]?.saves.tools).toEqual({ before: 2, after: 1, saved: 1 });

    const withoutRepositories = { ...before, routers: before.routers.filter((r) => r.name !== 'github_repository') };
    const one = placeNewTools(routersCatalog(), withoutRepositories, ['github/search_repositories']);
    const placement = only(one.placements[0], 'new-router');
    expect(placement.router).toBe('github_repository');
    expect(placement.why).toMatch(/Its unplaced siblings join it: github\/create_repository, github\/fork_repository\.$/);
    expect(one.newRouters[0]?.router.ops.map((o) => o.tool)).toEqual(['github/search_repositories', 'github/create_repository', 'github/fork_repository']);
  });

  it('keeps a true one-off as a singleton with its reason written down', () => {
    const proposal = placeNewTools(routersCatalog({ extra: { github: [rateLimit] } }), placedWhole(routersCatalog()), ['github/get_rate_limit']);
    const placement = only(proposal.placements[0], 'singleton');
    expect(placement.singleton).toEqual({
      tool: 'github/get_rate_limit',
      reason:
        'No router and no other unplaced tool of github acts on "rate limit", and none shares its act (get) with no arguments: a one-off, kept on its own.',
    });
    expect(placement.why).toBe(placement.singleton.reason);
  });

  it('skips names the catalog does not list and tools already placed, and says why', () => {
    const current = placedWhole(routersCatalog());
    const proposal = placeNewTools(routersCatalog(), current, ['github/no_such_tool', 'github/get_issue']);
    expect(proposal).toEqual({
      placements: [],
      newRouters: [],
      skipped: [
        { tool: 'github/no_such_tool', reason: 'github/no_such_tool is not in the catalog' },
        { tool: 'github/get_issue', reason: 'github/get_issue is already placed' },
      ],
    });
  });

  it('applied, places every tool of the changed catalog in exactly one place, by a valid config', () => {
    const before = placedWhole(routersCatalog({ without: ['github/create_issue', 'github/search_repositories', 'memory/read_graph'] }));
    const catalog = routersCatalog({ extra: { github: [...discussions, rateLimit] } });
    const added = [
      'github/create_issue',
      'github/search_repositories',
      'memory/read_graph',
      'github/list_discussions',
      'github/get_discussion',
      'github/get_rate_limit',
    ];
    const proposal = placeNewTools(catalog, before, added);
    expect(proposal.placements.map((p) => p.tool).sort()).toEqual([...added].sort());
    expect(placeNewTools(catalog, before, [...added].reverse())).toEqual(proposal);
    const applied = applyPlacements(before, proposal);
    if (!applied.ok) throw new Error(applied.problems.join('; '));
    expect(routersConfigSchema.safeParse(applied.config).success).toBe(true);
    expect([...placedTools(applied.config)].sort()).toEqual(catalog.entries.map((e) => e.canonical).sort());
    expect(before).toEqual(placedWhole(routersCatalog({ without: ['github/create_issue', 'github/search_repositories', 'memory/read_graph'] })));
  });
});
