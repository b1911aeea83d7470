import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ExpectedResolution, expectResolution } from '@/test/expected-resolution';
import { FavouritesTimeline } from './favourites-timeline';
import { buildNameCatalog, listsTool } from './name-catalog';
import type { NameContext, PresentedCall } from './resolution';
import { metaToolSet } from './meta';
import { resolveCall } from './resolve';
import { storedCall } from './stored-call';

const T0 = Date.parse('2026-11-01T00:00:00Z');

// `everything` has not uploaded its catalog yet: the case of issue 19.
const catalog = buildNameCatalog([
  { name: 'github', tools: [{ name: 'create_issue' }, { name: 'list_issues' }], earlierTools: ['close_issue'] },
  { name: 'gitlab', tools: [{ name: 'create_issue' }] },
]);
const ctx: NameContext = { catalog, favourites: new FavouritesTimeline([]), metaTools: metaToolSet() };
const withEverything: NameContext = {
  ...ctx,
  catalog: buildNameCatalog([
    { name: 'github', tools: [{ name: 'create_issue' }, { name: 'list_issues' }] },
    { name: 'everything', tools: [{ name: 'echo' }, { name: 'add' }] },
  ]),
};

const call = (c: Omit<PresentedCall, 'timestamp'>): PresentedCall => ({ ...c, timestamp: T0 });

const table: [string, NameContext, PresentedCall, ExpectedResolution][] = [
  [
    'the server given has no catalog yet',
    ctx,
    call({ tool: 'all_everything_echo', server: 'everything' }),
    { unresolved: /unknown server 'everything': .*catalog has not been uploaded/, namespace: 'bare' },
  ],
  [
    'the server given does not list the tool',
    ctx,
    call({ tool: 'delete_repo', server: 'github' }),
    { unresolved: /'github' does not list 'delete_repo'/, namespace: 'bare' },
  ],
  [
    'typed, the server given does not list it',
    ctx,
    call({ tool: 'github__creat_issue', server: 'github' }),
    { unresolved: /'github' does not list/, namespace: 'typed' },
  ],
  [
    'canonical of a known server, unknown tool',
    ctx,
    call({ tool: 'github/delete_repo' }),
    { unresolved: /'github' does not list 'delete_repo'/, namespace: 'canonical' },
  ],
  [
    'all/ of a known server, unknown tool',
    ctx,
    call({ tool: 'all/github/delete_repo' }),
    { unresolved: /'github' does not list 'delete_repo'/, namespace: 'all' },
  ],
  [
    'invoke naming a server the catalog lacks',
    ctx,
    call({ tool: 'mcp_invoke_tool', arguments: { server: 'everything', tool: 'echo' } }),
    { unresolved: /unknown server 'everything'/, namespace: 'invoke' },
  ],
  [
    'invoke naming a tool its server does not list',
    ctx,
    call({ tool: 'mcp_invoke_tool', arguments: { server: 'github', tool: 'delete_repo' } }),
    { unresolved: /'github' does not list 'delete_repo'/, namespace: 'invoke' },
  ],
  // A tool an earlier stored version listed is still that server's tool.
  ['canonical listed by an earlier version', ctx, call({ tool: 'github/close_issue' }), { canonical: 'github/close_issue', namespace: 'canonical' }],
  ['server given, listed by an earlier version', ctx, call({ tool: 'close_issue', server: 'github' }), { canonical: 'github/close_issue', namespace: 'bare' }],
  // The proxy's `canonical`: the tool it routed to, once the catalog lists it.
  [
    'routed before the catalog arrived',
    ctx,
    call({ tool: 'all_everything_echo', server: 'everything', canonical: 'everything/echo' }),
    { unresolved: /routed to everything\/echo, but unknown server 'everything'/, namespace: 'all' },
  ],
  [
    'routed, the catalog lists it',
    withEverything,
    call({ tool: 'all_everything_echo', server: 'everything', canonical: 'everything/echo' }),
    { canonical: 'everything/echo', namespace: 'all' },
  ],
  [
    'routed, a favourite name',
    withEverything,
    call({ tool: 'fav_echo', canonical: 'everything/echo' }),
    { canonical: 'everything/echo', namespace: 'favourite' },
  ],
  [
    'routed wins over what the name reads as',
    ctx,
    call({ tool: 'create_issue', server: 'gitlab', canonical: 'github/create_issue' }),
    { canonical: 'github/create_issue', namespace: 'bare' },
  ],
  [
    'routed to a tool not listed, though the name alone resolves',
    ctx,
    call({ tool: 'list_issues', canonical: 'github/list_issue' }),
    { unresolved: /routed to github\/list_issue, but 'github' does not list 'list_issue'/, namespace: 'bare' },
  ],
  [
    'routed through invoke',
    withEverything,
    call({ tool: 'mcp_invoke_tool', arguments: { server: 'everything', tool: 'echo' }, canonical: 'everything/echo' }),
    { canonical: 'everything/echo', namespace: 'invoke' },
  ],
  ['a meta tool stays meta', ctx, call({ tool: 'mcp_find_tools', canonical: 'everything/echo' }), { meta: true }],
];

describe('resolveCall counts a call as a tool only when the catalog lists it (issue 19)', () => {
  it.each(table)('%s', (_name, context, presented, expected) => {
    expectResolution(resolveCall(presented, context), expected);
  });

  it('keeps the hints, so the stored call resolves once the catalog arrives', () => {
    const presented = call({ tool: 'all_everything_echo', server: 'everything', canonical: 'everything/echo' });
    const before = resolveCall(presented, ctx);
    expect(before).toMatchObject({ kind: 'unresolved', serverHint: 'everything' });
    const stored = storedCall({
      rawName: presented.tool,
      serverHint: before.serverHint,
      toolHint: before.toolHint,
      canonicalHint: 'everything/echo',
      timestamp: T0,
    });
    expect(resolveCall(stored, withEverything)).toMatchObject({ kind: 'tool', canonical: 'everything/echo', namespace: 'all' });
  });

  it('never makes up a name: every tool it resolves to is listed', () => {
    const server = fc.constantFrom('github', 'gitlab', 'everything', 'all', 'k8s');
    const tool = fc.constantFrom('create_issue', 'list_issues', 'close_issue', 'echo', 'delete_repo', 'x/y');
    const name = fc.oneof(
      tool,
      fc.tuple(server, tool).map(([s, t]) => `${s}/${t}`),
      fc.tuple(server, tool).map(([s, t]) => `all/${s}/${t}`),
      fc.tuple(server, tool).map(([s, t]) => `${s}__${t}`),
      fc.tuple(server, tool).map(([s, t]) => `all_${s}_${t}`),
      fc.tuple(server, tool).map(([s, t]) => `mcp__favindex__all_${s}_${t}`),
      tool.map((t) => `favourite/${t}`),
    );
    const presented = fc.record({
      tool: fc.oneof(name, fc.constant('mcp_invoke_tool')),
      server: fc.option(server, { nil: null }),
      canonical: fc.option(
        fc.tuple(server, tool).map(([s, t]) => `${s}/${t}`),
        { nil: null },
      ),
      arguments: fc.record({ server: fc.option(server, { nil: undefined }), tool: fc.option(name, { nil: undefined }) }),
    });
    fc.assert(
      fc.property(presented, fc.boolean(), (c, uploaded) => {
        const context = uploaded ? withEverything : ctx;
        const result = resolveCall({ ...c, timestamp: T0 }, context);
        if (result.kind !== 'tool') return;
        const slash = result.canonical.indexOf('/');
        expect(listsTool(context.catalog, result.canonical.slice(0, slash), result.canonical.slice(slash + 1))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
