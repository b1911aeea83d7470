import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ExpectedResolution, expectResolution } from '@/test/expected-resolution';
import { FavouritesTimeline } from './favourites-timeline';
import { buildNameCatalog } from './name-catalog';
import { metaToolSet } from './meta';
import type { NameContext, PresentedCall } from './resolution';
import { resolveCall } from './resolve';
import { sanitisePart } from './sanitise';
import { allName, favouriteName } from './slash';
import { typedKeeper, typedNameOf } from './typed';

const T0 = Date.parse('2026-11-01T00:00:00Z');
const T1 = Date.parse('2026-11-10T00:00:00Z');
const T2 = Date.parse('2026-11-20T00:00:00Z');

const catalog = buildNameCatalog([
  { name: 'github', tools: [{ name: 'create_issue' }, { name: 'list_issues' }, { name: 'search_code' }] },
  { name: 'gitlab', tools: [{ name: 'create_issue' }, { name: 'create_merge_request' }] },
  { name: 'onedrive-personal', tools: [{ name: 'list_files' }] },
  { name: 'k8s.prod', tools: [{ name: 'pods.list' }, { name: 'get_pods' }] },
  { name: 'my_srv', tools: [{ name: 'run__job' }] },
  { name: 'fs', tools: [{ name: 'dir/list' }] },
  // Both sanitise to `a-b`: a typed name cannot tell them apart.
  { name: 'a.b', tools: [{ name: 'x' }] },
  { name: 'a-b', tools: [{ name: 'x' }] },
  // Two tools that sanitise to the same typed part.
  { name: 'dots', tools: [{ name: 'get.item' }, { name: 'get-item' }] },
  { name: 'twins', tools: [{ name: 'a.b' }, { name: 'a b' }] },
]);

const ctx: NameContext = {
  catalog,
  favourites: new FavouritesTimeline([
    { version: 1, since: T0, tools: ['github/create_issue', 'k8s.prod/get_pods'] },
    // The meaning of favourite/create_issue changes: from github's to gitlab's.
    { version: 2, since: T1, tools: ['gitlab/create_issue', 'k8s.prod/get_pods'] },
    // Two favourites share a tool name: only favourite/<server>/<tool> is unambiguous.
    { version: 3, since: T2, tools: ['gitlab/create_issue', 'github/create_issue'] },
  ]),
  metaTools: metaToolSet(['search_tools']),
};

const at = (ts: number, call: Omit<PresentedCall, 'timestamp'>): PresentedCall => ({ ...call, timestamp: ts });

// One row per §names form, including its edge cases.
const table: [string, PresentedCall, ExpectedResolution][] = [
  // catalog namespace
  ['all/ namespace', at(T0, { tool: 'all/github/create_issue' }), { canonical: 'github/create_issue', namespace: 'all' }],
  ['all/ with a tool holding /', at(T0, { tool: 'all/fs/dir/list' }), { canonical: 'fs/dir/list', namespace: 'all' }],
  ['all/ unknown server', at(T0, { tool: 'all/jira/create_ticket' }), { unresolved: /unknown server 'jira'/, namespace: 'all' }],
  ['all/ without a tool', at(T0, { tool: 'all/github' }), { unresolved: /all\/<server>\/<tool>/, namespace: 'all' }],
  // favourites, resolved against the version in force at the event's time
  ['favourite in v1', at(T0 + 1000, { tool: 'favourite/create_issue' }), { canonical: 'github/create_issue', namespace: 'favourite' }],
  ['same favourite name in v2 means gitlab', at(T1 + 1000, { tool: 'favourite/create_issue' }), { canonical: 'gitlab/create_issue', namespace: 'favourite' }],
  ['favourite exactly at the change', at(T1, { tool: 'favourite/create_issue' }), { canonical: 'gitlab/create_issue', namespace: 'favourite' }],
  [
    'favourite before the first version uses the first',
    at(T0 - 86_400_000, { tool: 'favourite/get_pods' }),
    { canonical: 'k8s.prod/get_pods', namespace: 'favourite' },
  ],
  [
    'colliding favourites: favourite/<server>/<tool>',
    at(T2 + 1, { tool: 'favourite/github/create_issue' }),
    { canonical: 'github/create_issue', namespace: 'favourite' },
  ],
  [
    'colliding favourites: bare favourite is ambiguous',
    at(T2 + 1, { tool: 'favourite/create_issue' }),
    { unresolved: /ambiguous 'favourite\/create_issue'.*version 3/, namespace: 'favourite' },
  ],
  [
    'not a favourite at that time',
    at(T0 + 1, { tool: 'favourite/search_code' }),
    { unresolved: /not a favourite in favourites version 1/, namespace: 'favourite' },
  ],
  ['a favourite that was dropped later', at(T2 + 1, { tool: 'favourite/get_pods' }), { unresolved: /version 3/, namespace: 'favourite' }],
  // typed wrappers with sanitised parts
  ['typed', at(T0, { tool: 'onedrive-personal__list_files' }), { canonical: 'onedrive-personal/list_files', namespace: 'typed' }],
  ['typed: server and tool with dots', at(T0, { tool: 'k8s-prod__pods-list' }), { canonical: 'k8s.prod/pods.list', namespace: 'typed' }],
  ['typed: server with _, tool with __', at(T0, { tool: 'my_srv__run__job' }), { canonical: 'my_srv/run__job', namespace: 'typed' }],
  // Names that several tools sanitise to mean the tool the surface presents under them: the
  // one whose name needed no sanitising, else the first in catalog order.
  ['typed: two servers sanitise alike', at(T0, { tool: 'a-b__x' }), { canonical: 'a-b/x', namespace: 'typed' }],
  ['typed: two tools sanitise alike', at(T0, { tool: 'dots__get-item' }), { canonical: 'dots/get-item', namespace: 'typed' }],
  ['typed: sanitised collision, none unchanged', at(T0, { tool: 'twins__a-b' }), { canonical: 'twins/a.b', namespace: 'typed' }],
  ['typed: no such tool', at(T0, { tool: 'github__creat_issue' }), { unresolved: /no tool of github sanitises to it/, namespace: 'typed' }],
  ['typed: unknown server prefix', at(T0, { tool: 'jira__create_ticket' }), { unresolved: /no catalog server matches/, namespace: 'typed' }],
  // invoke meta-tool, every argument spelling
  [
    'invoke {server, tool}',
    at(T0, { tool: 'mcp_invoke_tool', arguments: { server: 'github', tool: 'search_code' } }),
    { canonical: 'github/search_code', namespace: 'invoke' },
  ],
  [
    'invoke {server_name, tool_name}',
    at(T0, { tool: 'mcp_invoke_tool', arguments: { server_name: 'k8s.prod', tool_name: 'pods.list' } }),
    { canonical: 'k8s.prod/pods.list', namespace: 'invoke' },
  ],
  [
    'invoke {serverName, toolName}',
    at(T0, { tool: 'mcp_invoke_tool', arguments: { serverName: 'gitlab', toolName: 'create_issue' } }),
    { canonical: 'gitlab/create_issue', namespace: 'invoke' },
  ],
  [
    'invoke with a canonical tool only',
    at(T0, { tool: 'mcp_invoke_tool', arguments: { tool: 'github/list_issues' } }),
    { canonical: 'github/list_issues', namespace: 'invoke' },
  ],
  [
    'invoke with a unique bare tool',
    at(T0, { tool: 'mcp_invoke_tool', arguments: { tool: 'create_merge_request' } }),
    { canonical: 'gitlab/create_merge_request', namespace: 'invoke' },
  ],
  [
    'invoke without a tool',
    at(T0, { tool: 'mcp_invoke_tool', arguments: { server: 'github' } }),
    { unresolved: /without a tool argument/, namespace: 'invoke' },
  ],
  [
    'invoke with an invalid server',
    at(T0, { tool: 'mcp_invoke_tool', arguments: { server: '../etc', tool: 'x' } }),
    { unresolved: /invalid server/, namespace: 'invoke' },
  ],
  // plain canonical
  ['canonical', at(T0, { tool: 'github/create_issue' }), { canonical: 'github/create_issue', namespace: 'canonical' }],
  ['canonical, tool split at the first /', at(T0, { tool: 'fs/dir/list' }), { canonical: 'fs/dir/list', namespace: 'canonical' }],
  ['canonical with unknown server', at(T0, { tool: 'jira/create_ticket' }), { unresolved: /unknown server 'jira'/, namespace: 'canonical' }],
  // bare tools
  ['bare unique', at(T0, { tool: 'list_issues' }), { canonical: 'github/list_issues', namespace: 'bare' }],
  ['bare tool whose name holds /', at(T0, { tool: 'dir/list' }), { canonical: 'fs/dir/list', namespace: 'bare' }],
  [
    'bare ambiguous',
    at(T0, { tool: 'create_issue' }),
    { unresolved: /ambiguous tool 'create_issue'.*github\/create_issue, gitlab\/create_issue/, namespace: 'bare' },
  ],
  ['bare unknown', at(T0, { tool: 'deploy' }), { unresolved: /unknown tool 'deploy'/, namespace: 'bare' }],
  // the event gives its server: it wins
  // …but only to a tool that server lists (issue 19): `k8s` is not `k8s.prod`, and has no catalog.
  ['server given with favourite/', at(T0, { tool: 'favourite/get_pods', server: 'k8s.prod' }), { canonical: 'k8s.prod/get_pods', namespace: 'favourite' }],
  ['server given that is not in the catalog', at(T0, { tool: 'favourite/x', server: 'k8s' }), { unresolved: /unknown server 'k8s'/, namespace: 'favourite' }],
  ['server given with all/', at(T0, { tool: 'all/github/create_issue', server: 'github' }), { canonical: 'github/create_issue', namespace: 'all' }],
  ['server given with typed', at(T0, { tool: 'k8s-prod__pods-list', server: 'k8s.prod' }), { canonical: 'k8s.prod/pods.list', namespace: 'typed' }],
  ['server given with an ambiguous bare name', at(T0, { tool: 'create_issue', server: 'gitlab' }), { canonical: 'gitlab/create_issue', namespace: 'bare' }],
  [
    'server given overrides a favourite',
    at(T0 + 1, { tool: 'favourite/create_issue', server: 'gitlab' }),
    { canonical: 'gitlab/create_issue', namespace: 'favourite' },
  ],
  // meta tools
  ['meta: mcp_find_tools', at(T0, { tool: 'mcp_find_tools' }), { meta: true }],
  ['meta: mcp_list_services', at(T0, { tool: 'mcp_list_services' }), { meta: true }],
  ['meta: mcp_get_service_details', at(T0, { tool: 'mcp_get_service_details' }), { meta: true }],
  ['meta: begin_session', at(T0, { tool: 'begin_session' }), { meta: true }],
  ['meta: configured per project', at(T0, { tool: 'search_tools' }), { meta: true }],
];

describe('resolveCall: every presented form of §names', () => {
  it.each(table)('%s', (_name, call, expected) => {
    expectResolution(resolveCall(call, ctx), expected);
  });
});

describe('presented names round-trip', () => {
  const serverName = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,20}$/);
  const toolName = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_./ -]{0,20}$/);
  const catalogArb = fc.uniqueArray(fc.record({ name: serverName, tools: fc.uniqueArray(toolName, { minLength: 1, maxLength: 6 }) }), {
    minLength: 1,
    maxLength: 5,
    selector: (s) => s.name,
  });

  it('all/, canonical and typed names resolve to the tool they were made from, or say why not', () => {
    fc.assert(
      fc.property(catalogArb, (servers) => {
        const names = buildNameCatalog(servers.map((s) => ({ name: s.name, tools: s.tools.map((name) => ({ name })) })));
        const context: NameContext = { catalog: names, favourites: new FavouritesTimeline([]), metaTools: metaToolSet() };
        for (const server of servers) {
          for (const tool of server.tools) {
            const canonicalName = `${server.name}/${tool}`;
            expect(resolveCall({ tool: allName(canonicalName), timestamp: T0 }, context)).toMatchObject({ kind: 'tool', canonical: canonicalName });
            expect(resolveCall({ tool: canonicalName, timestamp: T0 }, context)).toMatchObject({ kind: 'tool', canonical: canonicalName });
            const typed = resolveCall({ tool: typedNameOf(canonicalName), timestamp: T0 }, context);
            // A typed name is lossy: only a name no other (server, tool) sanitises to comes back.
            const twins = servers.flatMap((s) =>
              s.tools.filter((t) => typedNameOf(`${s.name}/${t}`) === typedNameOf(canonicalName)).map((t) => `${s.name}/${t}`),
            );
            // Twins share a typed name: it means the one the surface presents (typedKeeper).
            const keeper = typedKeeper(twins, (c) => ({ server: c.split('/')[0]!, tool: c.slice(c.indexOf('/') + 1) }));
            expect(typed).toMatchObject({ kind: 'tool', canonical: keeper });
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('favourite names resolve to the favourite they present, with or without a collision', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.tuple(serverName, toolName).map(([s, t]) => `${s}/${t}`),
          { minLength: 1, maxLength: 12 },
        ),
        (favourites) => {
          const context: NameContext = {
            catalog: buildNameCatalog([]),
            favourites: new FavouritesTimeline([{ version: 1, since: T0, tools: favourites }]),
            metaTools: metaToolSet(),
          };
          for (const fav of favourites) {
            expect(resolveCall({ tool: favouriteName(fav, favourites), timestamp: T1 }, context)).toMatchObject({
              kind: 'tool',
              canonical: fav,
              namespace: 'favourite',
            });
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('sanitising keeps only [A-Za-z0-9_-]', () => {
    expect(sanitisePart('k8s.prod/pods list')).toBe('k8s-prod-pods-list');
  });
});
