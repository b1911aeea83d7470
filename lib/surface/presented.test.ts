import { describe, expect, it } from 'vitest';
import { emptyRoutersConfig } from '@/lib/schemas/routers';
import { catalogFingerprint } from '@/lib/catalog/fingerprint';
import { DEMO_SERVERS } from '@/lib/demo/catalogs';
import { defaultSurfaceConfig, SURFACE_MODES } from '@/lib/schemas/surface-config';
import { modeInputs, tool } from '@/test/surface-catalogs';
import { prepareCatalog } from './prepared-catalog';
import { findTools, presentedList, type PresentedSurface, statelessSession } from './presented';
import { previewMode } from './preview';
import type { PreviewResponse } from '@/lib/contracts/preview';
import { previewQuerySchema } from '@/lib/schemas/preview-query';
import { CLIENT_IDS } from './clients';
import { buildPreviewResponse } from './preview-response';
import { activateTools, applyCall, explicitSession } from './session';
import { modeVerdict, verdictContext } from './verdict';
import { buildSurfaceDocument } from './surface-document';
import { resolveTarget } from './targets';

const demo = prepareCatalog(DEMO_SERVERS.map((s) => ({ name: s.server, tools: s.tools })));
const config = defaultSurfaceConfig();
const favouriteIndex = { enabled: true, maxFavourites: 15, tools: ['github/create_issue', 'filesystem/read_file'] };
const surfaceOf = (mode: PresentedSurface['mode']): PresentedSurface => ({
  mode,
  limits: config.limits,
  favouriteIndex,
  instruction: config.instruction,
  naming: config.naming,
  serverKey: config.serverKey,
  alwaysLoadFavourites: config.alwaysLoadFavourites,
  routers: emptyRoutersConfig(),
});

describe('what a proxy presents', () => {
  it('is the preview list of every mode without the agent tools, for the same session', () => {
    let state = activateTools({ activated: [], calledServers: [] }, ['memory/read_graph', 'github/get_issue']);
    state = applyCall(state, 'filesystem/list_directory');
    const session = { state, query: 'create an issue' };
    for (const mode of SURFACE_MODES) {
      const preview = previewMode(
        mode,
        demo,
        modeInputs({ agentTools: 3, favourites: favouriteIndex, session: state, query: session.query }),
        resolveTarget('openai'),
        'names',
      );
      const listed = presentedList(surfaceOf(mode), demo, session).tools;
      expect(
        listed.map((t) => [t.name, t.canonical]),
        mode,
      ).toEqual(preview.tools.filter((t) => t.source !== 'agent').map((t) => [t.name, t.canonical]));
    }
  });

  it('finds the best retrieveK tools for mcp_find_tools, and activation puts them last in the order found', () => {
    const found = findTools({ ...surfaceOf('lazy'), limits: { ...config.limits, retrieveK: 2 } }, demo, 'create an issue');
    expect(found.map((e) => e.canonical).sort()).toEqual(['github/create_issue', 'gitlab/create_issue']);
    const state = activateTools({ activated: ['gitlab/create_issue', 'memory/read_graph'], calledServers: ['memory'] }, [
      'gitlab/create_issue',
      'github/get_me',
    ]);
    expect(state).toEqual({ activated: ['memory/read_graph', 'gitlab/create_issue', 'github/get_me'], calledServers: ['memory'] });
  });

  it('serves the catalog it was computed for, with the fingerprints PUT …/catalog answers, and a new ETag when a tool changes', () => {
    const servers = [
      { name: 'a', tools: [tool('one'), tool('two')] },
      { name: 'b', tools: [tool('three')] },
    ];
    const source = { project: 'p', version: { catalog: 1, favourites: 1, surface: 1 }, surface: config, favourites: { ...favouriteIndex, tools: [] } };
    const doc = buildSurfaceDocument(source, prepareCatalog(servers), 'eager');
    expect(doc.catalog.servers).toEqual([
      { name: 'a', fingerprint: catalogFingerprint(servers[0]!.tools), tools: 2 },
      { name: 'b', fingerprint: catalogFingerprint(servers[1]!.tools), tools: 1 },
    ]);
    const described = [{ name: 'a', tools: [tool('one', 'Does something else'), tool('two')] }, servers[1]!];
    const changed = buildSurfaceDocument(source, prepareCatalog(described), 'eager');
    expect(changed.names).toEqual(doc.names);
    expect(changed.fingerprint).not.toBe(doc.fingerprint);
    expect(changed.catalog.fingerprint).not.toBe(doc.catalog.fingerprint);
  });
});

describe('a stateless request (MCP 2026-07-28)', () => {
  const stateless = (mode: PresentedSurface['mode']) => presentedList(surfaceOf(mode), demo, statelessSession(surfaceOf(mode)));
  const names = (mode: PresentedSurface['mode']) => stateless(mode).tools.map((t) => t.name);

  it('lists in every mode what a fresh session lists, and search modes add mcp_invoke_tool to call what a search finds', () => {
    for (const mode of SURFACE_MODES) {
      const fresh = presentedList(surfaceOf(mode), demo).tools.map((t) => t.name);
      if (mode === 'lazy' || mode === 'retrieve') expect(names(mode)).toEqual([...fresh, 'mcp_invoke_tool']);
      else if (mode !== 'pinned') expect(names(mode)).toEqual(fresh);
    }
  });

  it('pins the servers of the favourites, in favourite order, in place of the servers a session called', () => {
    const pinned = stateless('pinned').tools;
    expect(pinned.slice(0, 2).map((t) => t.name)).toEqual(['mcp_find_tools', 'mcp_invoke_tool']);
    const servers = [...new Set(pinned.slice(2).map((t) => t.canonical?.split('/')[0]))];
    expect(servers).toEqual(['github', 'filesystem'].slice(0, config.limits.maxPinnedServers));
    expect(pinned.length).toBeGreaterThan(2);
  });
});

describe('the preview of one MCP revision', () => {
  const sources = {
    project: 'p',
    surface: { ...config, agentTools: 0 },
    favourites: favouriteIndex,
    routers: emptyRoutersConfig(),
    catalog: demo,
    recorded: null,
    proxies: null,
    policy: { identity: { token: null, client: null }, hidden: [] },
  };
  // A session that activated a tool and called a server no favourite is on, and searched for something.
  const asked = { agentTools: '0', detail: 'names', activated: 'memory/read_graph,github/get_issue', query: 'create an issue' };
  const previewOf = (extra: Record<string, string> = {}) => buildPreviewResponse(sources, previewQuerySchema.parse({ ...asked, ...extra }));
  const namesOf = (response: PreviewResponse, mode: PresentedSurface['mode']) => response.modes.find((m) => m.mode === mode)!.tools.map((t) => t.name);

  it('on 2026-07-28 lists in every mode exactly what the proxy serves a stateless request, whatever the session did', () => {
    const response = previewOf({ protocol: '2026-07-28' });
    expect(response.protocol).toMatchObject({ revision: '2026-07-28', asked: true });
    for (const mode of SURFACE_MODES) {
      const surface = surfaceOf(mode);
      expect(namesOf(response, mode), mode).toEqual(presentedList(surface, demo, statelessSession(surface)).tools.map((t) => t.name));
    }
    expect(namesOf(response, 'lazy')).toEqual(['mcp_find_tools', 'mcp_invoke_tool']);
    expect(namesOf(response, 'retrieve')).toEqual(['mcp_find_tools', 'mcp_invoke_tool']);
    expect(namesOf(response, 'pinned')).not.toContain('memory__read_graph');
    const lazy = response.modes.find((m) => m.mode === 'lazy')!;
    expect(lazy.revision).toEqual({ differs: true, plain: expect.stringContaining('mcp_invoke_tool') });
    expect(lazy.notes.join(' ')).toContain('on 2026-07-28 the session and the query change nothing');
    expect(response.modes.find((m) => m.mode === 'eager')!.revision).toEqual({ differs: false, plain: expect.stringMatching(/^The same on both revisions/) });
  });

  it('on 2025-11-25, the default for every client today, lists what the session’s own state gives, as before', () => {
    const byDefault = previewOf();
    expect(byDefault.protocol).toMatchObject({ revision: '2025-11-25', asked: false });
    expect(previewOf({ protocol: '2025-11-25' }).modes).toEqual(byDefault.modes);
    for (const client of CLIENT_IDS) expect(previewOf({ client }).protocol.revision, client).toBe('2025-11-25');
    const session = { state: explicitSession(['memory/read_graph', 'github/get_issue']), query: 'create an issue' };
    for (const mode of SURFACE_MODES) {
      expect(namesOf(byDefault, mode), mode).toEqual(presentedList(surfaceOf(mode), demo, session).tools.map((t) => t.name));
    }
    expect(namesOf(byDefault, 'lazy')).toEqual(['mcp_find_tools', 'memory__read_graph', 'github__get_issue']);
  });

  it('says which revisions each client speaks, and a verdict says where 2026-07-28 makes a mode behave otherwise', () => {
    const claude = previewOf({ client: 'claude-code' });
    expect(claude.client.revisions.map((r) => [r.revision, r.when, r.known])).toEqual([
      ['2025-11-25', 'always', false],
      ['2026-07-28', 'http', false],
    ]);
    expect(claude.client.revisions[1]!.source).toBe('Claude Code CHANGELOG v2.1.274, via secondary notes');
    expect(previewOf({ client: 'codex' }).client.revisions[1]!.text).toContain('mcp_2026_07_28');
    expect(previewOf({ client: 'cursor' }).client.revisions.map((r) => r.revision)).toEqual(['2025-11-25']);
    const verdictOf = (response: PreviewResponse, mode: PresentedSurface['mode']) =>
      modeVerdict(response.modes.find((m) => m.mode === mode)!, verdictContext(response, null, mode)).reason;
    expect(verdictOf(claude, 'lazy')).toContain('On 2026-07-28, which Claude Code may use with HTTP servers (reported, not verified), its list will not grow');
    expect(verdictOf(claude, 'eager')).not.toContain('2026-07-28');
    const cursor = previewOf({ client: 'cursor' });
    expect(verdictOf(cursor, 'lazy')).not.toContain('2026-07-28');
    expect(verdictOf(previewOf({ client: 'cursor', protocol: '2026-07-28' }), 'pinned')).toContain('Cursor is not known to speak 2026-07-28');
    expect(verdictOf(previewOf({ client: 'claude-code', protocol: '2026-07-28' }), 'lazy')).not.toContain('2026-07-28');
  });
});
