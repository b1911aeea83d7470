import type { CallToolResult } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { narrowPolicy } from '@/lib/policy/narrow';
import type { CatalogTool } from '@/lib/schemas/catalog';
import { toolCallTraceSchema } from '@/lib/schemas/events';
import { toolPolicySchema } from '@/lib/schemas/policy';
import { defaultSurfaceConfig, NAMING_SCHEMES, type NamingScheme, SURFACE_MODES, type SurfaceMode } from '@/lib/schemas/surface-config';
import { prepareCatalog } from '@/lib/surface/prepared-catalog';
import { explicitSession } from '@/lib/surface/session';
import { buildSurfaceDocument } from '@/lib/surface/surface-document';
import { handleCall } from './calls';
import { callTestBed, sessionOf } from '@/test/proxy-call-state';
import type { FetchedSurface } from './favindex-api';
import type { ProxyState } from './runtime';
import type { ProxySession } from './session';

const SERVERS: { name: string; tools: CatalogTool[] }[] = [
  {
    name: 'memory',
    tools: [
      { name: 'read_graph', description: 'Read the whole knowledge graph', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
      { name: 'create_entities', description: 'Create entities in the graph', inputSchema: { type: 'object' } },
      { name: 'delete_entities', description: 'Delete entities from the graph', inputSchema: { type: 'object' } },
    ],
  },
  {
    name: 'github',
    tools: [
      { name: 'get_issue', description: 'Get an issue', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
      { name: 'delete_repo', description: 'Delete a repository', inputSchema: { type: 'object' } },
    ],
  },
];
const EVERY_TOOL = SERVERS.flatMap((s) => s.tools.map((t) => `${s.name}/${t.name}`));

/** The project's whole policy; the proxy of token `ci` is sent what narrowPolicy leaves of it, as favindex sends it. */
const POLICY = toolPolicySchema.parse({
  rules: [
    { effect: 'deny', tools: ['github/*'], identities: ['token:someone-else'] },
    { effect: 'deny', tools: ['*/delete_*'], identities: ['token:ci'], note: 'CI never deletes' },
    { effect: 'deny', tools: ['memory/create_entities'], identities: ['client:cursor'] },
  ],
});
const NARROWED = narrowPolicy(POLICY, 'ci');
const DENIED: Record<string, string[]> = {
  none: ['memory/delete_entities', 'github/delete_repo'],
  cursor: ['memory/delete_entities', 'github/delete_repo', 'memory/create_entities'],
};

const { bed, spool, proxyState } = callTestBed(SERVERS);

/** favindex's answer to token `ci`: its narrowed policy, or none (a favindex older than policies). */
function surfaceFor(mode: SurfaceMode, naming: NamingScheme, withPolicy = true): FetchedSurface {
  const document = buildSurfaceDocument(
    {
      project: 'p',
      version: { catalog: 1, favourites: 1, surface: 1 },
      surface: { ...defaultSurfaceConfig(), mode, naming },
      favourites: { enabled: true, maxFavourites: 15, tools: ['memory/delete_entities', 'memory/read_graph', 'memory/create_entities'] },
      policy: withPolicy ? NARROWED.policy : null,
      policyRules: NARROWED.sources,
    },
    prepareCatalog(SERVERS),
    mode,
  );
  return { document, etag: `"${document.fingerprint}"`, revision: 1 };
}

const listedCanonicals = (state: ProxyState, session: ProxySession) =>
  [...state.presenter.listing(session).byName.values()].flatMap((t) => (t.canonical ? [t.canonical] : []));

describe('policy: what a session is listed and finds', () => {
  it('never lists a denied tool, in any mode and naming scheme, even to a session that activated every tool', async () => {
    const { state } = proxyState();
    for (const mode of SURFACE_MODES) {
      for (const naming of NAMING_SCHEMES) {
        state.setSurface(surfaceFor(mode, naming));
        for (const client of [null, 'cursor']) {
          const denied = DENIED[client ?? 'none']!;
          const session = sessionOf(client);
          const where = `${mode}/${naming}/${client}`;
          expect(
            listedCanonicals(state, session).filter((c) => denied.includes(c)),
            where,
          ).toEqual([]);
          // What a search or an activation would bring in: the list still holds no denied tool.
          session.update({ state: explicitSession(EVERY_TOOL), query: 'delete entities graph repository' });
          const listed = listedCanonicals(state, session);
          expect(
            listed.filter((c) => denied.includes(c)),
            where,
          ).toEqual([]);
          if (mode !== 'off') expect(listed, where).toContain('memory/read_graph');
          if (mode === 'lazy' || mode === 'pinned' || mode === 'retrieve') {
            const found = await handleCall(state, spool, session, { name: 'mcp_find_tools', arguments: { query: 'delete entities graph repository issue' } });
            expect(text(found), where).toMatch(/Found/);
            expect(text(found), where).not.toMatch(/delete_/);
            expect(
              listedCanonicals(state, session).filter((c) => denied.includes(c)),
              where,
            ).toEqual([]);
          }
        }
      }
    }
  });

  it("takes favindex's catalog, which holds only what some session of the token may use, for the one the servers list", async () => {
    const { state } = proxyState();
    await state.uploader.push();
    state.setSurface(surfaceFor('favindex', 'safe'));
    expect(bed.lines.filter((l) => l.includes('uploading it again'))).toEqual([]);
    // A server that lists something else is still uploaded again.
    state.setTools('memory', { tools: SERVERS[0]!.tools.slice(1), raw: [] });
    await state.uploader.push();
    state.setSurface(surfaceFor('eager', 'safe'));
    expect(bed.lines.filter((l) => l.includes('uploading it again'))).toEqual([
      "favindex's catalog of memory is not what memory lists now: uploading it again",
    ]);
  });

  it("applies a client's rules to that client's sessions only", () => {
    const { state } = proxyState();
    state.setSurface(surfaceFor('eager', 'safe'));
    expect(listedCanonicals(state, sessionOf('cursor'))).not.toContain('memory/create_entities');
    expect(listedCanonicals(state, sessionOf('claude-code'))).toContain('memory/create_entities');
    expect(listedCanonicals(state, sessionOf(null))).toContain('memory/create_entities');
  });

  it('works the restricted catalog out once per catalog, policy and client', () => {
    const { state } = proxyState();
    state.setSurface(surfaceFor('favindex', 'safe'));
    expect(state.presenter.catalogFor(sessionOf('cursor'))).toBe(state.presenter.catalogFor(sessionOf('cursor')));
    expect(state.presenter.catalogFor(sessionOf('cursor'))).not.toBe(state.presenter.catalogFor(sessionOf('codex')));
    expect(state.presenter.catalogFor(sessionOf('cursor')).entries.map((e) => e.canonical)).toEqual(['memory/read_graph', 'github/get_issue']);
  });

  it('lists every tool from a favindex older than policies, unless the proxy requires one', () => {
    const { state } = proxyState();
    state.setSurface(surfaceFor('eager', 'safe', false));
    expect(listedCanonicals(state, sessionOf(null))).toEqual(EVERY_TOOL);
    state.presenter.policy.requirePolicy = true;
    expect(state.presenter.listing(sessionOf(null)).tools).toEqual([]);
  });
});

const text = (result: CallToolResult) => result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

/** Every form a client may send for memory/delete_entities, in a scheme. */
const DENIED_NAMES: Record<NamingScheme, string[]> = {
  slash: ['all/memory/delete_entities', 'favourite/memory/delete_entities', 'memory__delete_entities', 'memory/delete_entities'],
  safe: ['all_memory_delete_entities', 'fav_delete_entities', 'memory__delete_entities', 'mcp__favindex__all_memory_delete_entities'],
};

describe('policy: calls', () => {
  it('refuses every name form of a denied tool, and mcp_invoke_tool, as denied, in every mode; the server never hears of it', async () => {
    const { state, upstreams } = proxyState();
    for (const mode of SURFACE_MODES) {
      for (const naming of NAMING_SCHEMES) {
        state.setSurface(surfaceFor(mode, naming));
        const calls: { name: string; arguments?: Record<string, unknown> }[] = DENIED_NAMES[naming].map((name) => ({ name }));
        // Off mode lists mcp_invoke_tool alone: there it is how every tool is called.
        if (mode === 'off') calls.push({ name: 'mcp_invoke_tool', arguments: { server: 'memory', tool: 'delete_entities' } });
        for (const params of calls) {
          bed.traces = [];
          const where = `${mode}/${naming} ${params.name}`;
          const result = await handleCall(state, spool, sessionOf(null), params);
          expect(result.isError, where).toBe(true);
          // The rule as the project numbers it, and for whom it is: the token, not everyone.
          const message =
            "memory/delete_entities is not allowed for this session by the project's tool policy: rule 2, deny */delete_* for token:ci (CI never deletes).";
          const suggested = "Use another tool, or ask the project's owner to change the tool policy.";
          expect(result.content[0], where).toEqual({ type: 'text', text: `${message} ${suggested}` });
          expect(JSON.parse(text({ content: result.content.slice(1) })), where).toEqual({
            error_code: 'POLICY_DENIED',
            message,
            retryable: false,
            suggested_action: suggested,
            cited_rule: '§policy',
            details: { refused: 'memory/delete_entities', rule: 2, identities: ['token:ci'] },
          });
          expect(bed.traces, where).toHaveLength(1);
          expect(bed.traces[0], where).toMatchObject({
            status: 'denied',
            errorCode: 'policy_denied',
            canonical: 'memory/delete_entities',
            failureClasses: ['ok'],
          });
          expect(bed.traces[0]!.argumentProblems, where).toBeUndefined();
          // favindex takes the trace as it is.
          expect(toolCallTraceSchema.safeParse(bed.traces[0]).success, where).toBe(true);
        }
      }
    }
    expect(upstreams.flatMap((u) => u.called)).toEqual([]);
  });

  it("refuses a tool only a client's rule denies to that client's sessions, and lets others call it", async () => {
    const { state, upstreams } = proxyState();
    state.setSurface(surfaceFor('eager', 'slash'));
    const name = state.presenter.listing(sessionOf(null)).tools.find((t) => t.name.endsWith('create_entities'))!.name;
    const refused = await handleCall(state, spool, sessionOf('cursor'), { name });
    expect(text(refused)).toContain('rule 3, deny memory/create_entities for client:cursor');
    expect(bed.traces.at(-1)).toMatchObject({ status: 'denied', errorCode: 'policy_denied', client: 'cursor' });
    const allowed = await handleCall(state, spool, sessionOf('codex'), { name });
    expect(allowed.isError).toBeFalsy();
    expect(upstreams[0]!.called).toEqual(['memory/create_entities']);
  });

  it('still calls an allowed tool, and still calls an unknown name unknown', async () => {
    const { state, upstreams } = proxyState();
    state.setSurface(surfaceFor('favindex', 'safe'));
    expect((await handleCall(state, spool, sessionOf(null), { name: 'fav_read_graph' })).isError).toBeFalsy();
    await expect(handleCall(state, spool, sessionOf(null), { name: 'all_memory_no_such_tool' })).rejects.toThrow(/Unknown tool/);
    expect(bed.traces.at(-1)).toMatchObject({ status: 'error', errorCode: 'unknown_tool' });
    expect(upstreams[0]!.called).toEqual(['memory/read_graph']);
  });
});

describe('policy: --require-policy', () => {
  it('lists nothing and refuses every call until a policy arrives, then lists the allowed tools and tells the session', async () => {
    const { state, upstreams } = proxyState();
    state.presenter.policy.requirePolicy = true;
    const told = { count: 0 };
    const session = sessionOf(null, told);
    state.presenter.sessions.add(session);
    session.known = state.presenter.listing(session).toolsHash;
    expect(state.presenter.listing(session).tools).toEqual([]);
    for (const params of [{ name: 'all_memory_read_graph' }, { name: 'mcp_find_tools', arguments: { query: 'graph' } }, { name: 'nonsense' }]) {
      const result = await handleCall(state, spool, session, params);
      expect(result.isError, params.name).toBe(true);
      expect(text(result)).toMatch(/favindex has not sent this token's policy yet/);
      expect(bed.traces.at(-1), params.name).toMatchObject({ status: 'denied', errorCode: 'policy_missing' });
    }
    expect(bed.traces[0]).toMatchObject({ canonical: 'memory/read_graph' });

    state.setSurface(surfaceFor('eager', 'safe'));
    expect(told.count).toBe(1);
    expect(listedCanonicals(state, session)).toEqual(['memory/read_graph', 'memory/create_entities', 'github/get_issue']);

    // A later document without a policy (an old favindex behind the same URL) closes it again, rather than opening everything.
    state.setSurface(surfaceFor('eager', 'safe', false));
    expect(state.presenter.listing(session).tools).toEqual([]);
    expect(bed.lines).toContain(
      'favindex sent a surface without a tool policy after one with it (an older favindex?): no tool is listed or called until it sends one again (--require-policy)',
    );
    expect((await handleCall(state, spool, session, { name: 'all_memory_read_graph' })).isError).toBe(true);
    expect(bed.traces.at(-1)).toMatchObject({ status: 'denied', errorCode: 'policy_missing' });
    expect(upstreams.flatMap((u) => u.called)).toEqual([]);
  });
});
