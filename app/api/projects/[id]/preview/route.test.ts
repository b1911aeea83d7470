import { describe, expect, it } from 'vitest';
import { writeFavourites } from '@/server/favourites/favourites';
import { DEFERRED_INSTRUCTION } from '@/lib/schemas/surface-config';
import { api, expectEnvelope, ndjson } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createProjectWithSharedNames, createTestProject, event } from '@/test/fixtures';

const database = setupTestDatabase();

type Mode = {
  mode: string;
  count: number;
  cap: number | null;
  fits: boolean;
  overBy: number;
  problems: { name: string }[];
  tools: { name: string; canonical: string | null; source?: string; placeholder?: true }[];
};
const byMode = (body: { modes: Mode[] }) => Object.fromEntries(body.modes.map((m) => [m.mode, m]));

describe('GET /api/projects/:id/preview', () => {
  it('previews every mode for the project config: lists, counts against the cap, name problems, tokens, instruction', async () => {
    const id = await createProjectWithSharedNames(database.db);
    const res = await api.get(`/api/projects/${id}/preview?agentTools=56&naming=slash`);
    expect(res.status).toBe(200);
    expect(res.body.client).toMatchObject({ id: 'raw', naming: 'slash', serverKey: 'favindex', composition: '<tool>' });
    expect(res.body.target).toMatchObject({ id: 'openai', cap: 128, nameRule: '^[a-zA-Z0-9_-]{1,64}$', descriptionLimit: 1024 });
    expect(res.body.catalog).toEqual({ servers: 3, tools: 26 + 9 + 14 });
    const modes = byMode(res.body);
    expect(Object.keys(modes)).toEqual(['off', 'eager', 'lazy', 'pinned', 'favindex', 'deferred', 'retrieve', 'routers']);
    expect(modes.off).toMatchObject({ count: 57, fits: true });
    expect(modes.eager).toMatchObject({ count: 56 + 49, cap: 128, fits: true, overBy: 0 });
    expect(modes.eager!.tools[56]).toMatchObject({ name: 'github__create_or_update_file', canonical: 'github/create_or_update_file', source: 'typed' });
    expect(modes.eager!.tools[56]).toHaveProperty('inputSchema.type', 'object');
    expect(modes.lazy).toMatchObject({ count: 57 });
    expect(modes.favindex).toMatchObject({ count: 56 + 3 + 49, fits: true });
    expect(modes.favindex!.tools.slice(56, 59).map((t) => t.name)).toEqual([
      'favourite/github/create_issue',
      'favourite/gitlab/create_issue',
      'favourite/read_file',
    ]);
    expect(modes.favindex!.problems).toHaveLength(52);
    expect(res.body.modes.find((m: Mode) => m.mode === 'favindex').instruction).toContain('Prefer the favourite/ tools');
    // Deferred: eager's typed names, the favourites first, marked to stay loaded, with its own instruction.
    expect(modes.deferred).toMatchObject({ count: 56 + 49, instruction: DEFERRED_INSTRUCTION });
    expect(modes.deferred!.tools.slice(56, 60).map((t) => t.name)).toEqual([
      'github__create_issue',
      'gitlab__create_issue',
      'filesystem__read_file',
      'github__create_or_update_file',
    ]);
    expect(new Set(modes.deferred!.tools.map((t) => t.name))).toEqual(new Set(modes.eager!.tools.map((t) => t.name)));
    // Routers, with none configured: the favourites first list, its instruction and its name problems (§routers).
    expect(modes.routers!.tools.map((t) => t.name)).toEqual(modes.favindex!.tools.map((t) => t.name));
    expect(modes.routers).toMatchObject({ count: 56 + 3 + 49 });
    expect(res.body.modes.find((m: Mode) => m.mode === 'routers').instruction).toContain('Prefer the favourite/ tools');
    expect(modes.routers!.problems).toHaveLength(52);
    expect(res.body.modes.find((m: Mode) => m.mode === 'eager').tokens).toMatchObject({ method: 'openai-functions', placeholdersExcluded: 56 });
    expect(res.body.modes.find((m: Mode) => m.mode === 'eager').tokens.tokens).toBeGreaterThan(3000);
    expect(res.body.modes.find((m: Mode) => m.mode === 'eager').tokens.methodDescription).toContain('o200k_base');
  });

  it('lists every tool by the name the model receives through a client, marks what is refused, and names the fix', async () => {
    const id = await createTestProject(['github', 'gitlab', 'filesystem']);
    await writeFavourites(database.db, id, { enabled: true, maxFavourites: 15, tools: ['github/create_issue', 'filesystem/read_file'] }, { via: 'api' });
    const project = (await api.get(`/api/projects/${id}`)).body;
    await api.patch(`/api/projects/${id}`, { json: { surface: { ...project.surface, naming: 'slash' } } });

    const slash = await api.get(`/api/projects/${id}/preview?client=claude-code&mode=favindex&detail=names`);
    expect(slash.status).toBe(200);
    expect(slash.body.client).toMatchObject({ id: 'claude-code', label: 'Claude Code', naming: 'slash', composition: 'mcp__favindex__<tool>' });
    expect(slash.body.client.facts.some((f: { known: boolean }) => !f.known)).toBe(true);
    const [favindex] = slash.body.modes;
    expect(favindex.tools[0]).toMatchObject({
      name: 'mcp__favindex__favourite/create_issue',
      presented: 'favourite/create_issue',
      canonical: 'github/create_issue',
    });
    expect(favindex.tools[0].marks.map((m: { kind: string }) => m.kind)).toEqual(['unknown', 'refused-by-provider']);
    expect(favindex).toMatchObject({ count: 2 + 49, refused: { client: 0, provider: 51 }, requestRefused: { by: 'provider' }, fix: { naming: 'safe' } });
    expect(favindex.requestRefused.message).toMatch(/^OpenAI would refuse this request as a whole: 51 tool name\(s\) break its rule/);

    // The same project previewed with the fix applied, and then with it saved.
    const safe = await api.get(`/api/projects/${id}/preview?client=claude-code&mode=favindex&detail=names&naming=safe`);
    expect(safe.body.modes[0]).toMatchObject({ refused: { client: 0, provider: 0 }, requestRefused: null, fix: null });
    expect(safe.body.modes[0].tools[0]).toMatchObject({ name: 'mcp__favindex__fav_create_issue', presented: 'fav_create_issue' });
    await api.patch(`/api/projects/${id}`, { json: { surface: { ...project.surface, naming: 'safe' } } });
    expect((await api.get(`/api/projects/${id}/preview?client=claude-code&mode=favindex&detail=names`)).body.modes[0].refused).toEqual({
      client: 0,
      provider: 0,
    });

    // Codex with a long key: names cut and hashed; Claude Desktop refuses slash names itself.
    const codex = await api.get(`/api/projects/${id}/preview?client=codex&mode=favindex&detail=names&naming=slash&serverKey=favindex-production-eu1`);
    expect(codex.body.modes[0].tools.filter((t: { name: string }) => /[0-9a-f]{40}$/.test(t.name)).length).toBeGreaterThan(0);
    expect(codex.body.modes[0].tools.every((t: { name: string }) => t.name.length <= 64)).toBe(true);
    const desktop = await api.get(`/api/projects/${id}/preview?client=claude-desktop&mode=favindex&detail=names&naming=slash`);
    expect(desktop.body.modes[0].requestRefused).toMatchObject({
      by: 'client',
      message: expect.stringContaining('Claude Desktop would fail the whole request'),
    });
    expectEnvelope(await api.get(`/api/projects/${id}/preview?client=notepad`), 400, 'INVALID_PARAMETER');
    expectEnvelope(await api.get(`/api/projects/${id}/preview?serverKey=bad__key`), 400, 'INVALID_PARAMETER');
  });

  it('checks against the target asked for: cursor caps eager at 40', async () => {
    const id = await createTestProject(['github', 'filesystem']);
    const res = await api.get(`/api/projects/${id}/preview?target=cursor&agentTools=search,edit&mode=eager&detail=names`);
    const [eager] = res.body.modes;
    expect(res.body.modes).toHaveLength(1);
    expect(eager).toMatchObject({ mode: 'eager', count: 42, cap: 40, fits: false, overBy: 2 });
    expect(eager.tools[0]).toEqual({ name: 'search', canonical: null, source: 'agent', visibility: 'full', why: expect.stringContaining('agent’s own') });
    expect(eager.tools[2]).not.toHaveProperty('description');
    const anthropic = await api.get(`/api/projects/${id}/preview?target=anthropic&mode=eager`);
    expect(anthropic.body.modes[0]).toMatchObject({ cap: null, fits: true, warn: true, tokens: { method: 'anthropic-tools' } });
    const custom = await api.get(`/api/projects/${id}/preview?target=custom&cap=10&mode=off`);
    expect(custom.body.modes[0]).toMatchObject({ cap: 10, fits: true });
  });

  it('replays a recorded session turn by turn: the pinned list grows with each new server', async () => {
    const id = await createTestProject(['github', 'filesystem', 'memory']);
    const t0 = Date.now() - 60_000;
    const calls = ['github__create_issue', 'mcp_find_tools', 'filesystem/read_file', 'memory__read_graph', 'github__list_issues'];
    const events = calls.map((tool, i) => ({ ...event(`e${i}`, tool), sessionId: 's-1', timestamp: new Date(t0 + i * 1000).toISOString() }));
    await api.post(`/api/projects/${id}/events`, { body: ndjson(events), headers: { 'content-type': 'application/x-ndjson' } });

    const pinnedAt = async (step: number) => {
      const res = await api.get(`/api/projects/${id}/preview?mode=pinned&session=s-1&step=${step}&agentTools=0`);
      expect(res.status).toBe(200);
      return res.body;
    };
    const start = await pinnedAt(0);
    expect(start.modes[0].count).toBe(1);
    expect(start.session).toMatchObject({ source: 'recorded', id: 's-1', step: 0, steps: 5, activated: [], calledServers: [] });
    expect(start.session.calls.map((c: { canonical: string | null }) => c.canonical)).toEqual([
      'github/create_issue',
      null,
      'filesystem/read_file',
      'memory/read_graph',
      'github/list_issues',
    ]);
    const afterFirst = await pinnedAt(1);
    expect(afterFirst.modes[0].count).toBe(1 + 26);
    expect(afterFirst.modes[0].tools[1].name).toBe('github__create_issue');
    const afterThird = await pinnedAt(3);
    expect(afterThird.modes[0].count).toBe(1 + 40);
    expect(afterThird.session.calledServers).toEqual(['filesystem', 'github']);
    expect(afterThird.modes[0].tools.slice(1, 3).map((t: { name: string }) => t.name)).toEqual(['github__create_issue', 'filesystem__read_file']);
    // The whole session by default, and the list size at every step.
    const whole = await api.get(`/api/projects/${id}/preview?session=s-1&agentTools=0`);
    expect(whole.body.session.step).toBe(5);
    expect(whole.body.session.growth).toEqual({ lazy: [1, 2, 2, 3, 4, 5], pinned: [1, 27, 27, 41, 41, 41] });
  });

  it('takes explicit session state instead of a recorded session', async () => {
    const id = await createTestProject(['github', 'memory']);
    const res = await api.get(`/api/projects/${id}/preview?mode=lazy&activated=memory/read_graph,github/get_issue&agentTools=0`);
    expect(res.body.modes[0].tools.map((t: { name: string }) => t.name)).toEqual(['mcp_find_tools', 'memory__read_graph', 'github__get_issue']);
    expect(res.body.session).toEqual({ source: 'explicit', activated: ['memory/read_graph', 'github/get_issue'], calledServers: ['github', 'memory'] });
  });

  it('previews a proposed favourites list instead of the stored one, capped as the stored one is, and leaves the stored one as it was', async () => {
    const id = await createTestProject(['github', 'gitlab', 'filesystem']);
    await writeFavourites(database.db, id, { enabled: true, maxFavourites: 2, tools: ['github/create_issue'] }, { via: 'api' });
    const favindexNames = (body: { modes: Mode[] }) =>
      byMode(body)
        .favindex!.tools.filter((t) => t.source === 'favourite')
        .map((t) => t.canonical);
    expect(favindexNames((await api.get(`/api/projects/${id}/preview`)).body)).toEqual(['github/create_issue']);
    const proposed = await api.get(`/api/projects/${id}/preview?favourites=filesystem/read_file,gitlab/create_issue,github/get_issue`);
    expect(proposed.status).toBe(200);
    // In the order proposed, at most maxFavourites of them.
    expect(favindexNames(proposed.body)).toEqual(['filesystem/read_file', 'gitlab/create_issue']);
    const bad = await api.get(`/api/projects/${id}/preview?favourites=read_file`);
    expectEnvelope(bad, 400, 'INVALID_PARAMETER');
    expect(bad.body.message).toContain('each favourite is a canonical server/tool name');
    expect((await api.get(`/api/projects/${id}/favourites`)).body).toMatchObject({ tools: ['github/create_issue'] });
  });

  it('ranks the catalog for the retrieve query', async () => {
    const id = await createTestProject(['github', 'filesystem']);
    const res = await api.get(`/api/projects/${id}/preview?mode=retrieve&query=${encodeURIComponent('read a file')}&retrieveK=2&agentTools=0`);
    const names = res.body.modes[0].tools.map((t: { canonical: string | null }) => t.canonical);
    expect(res.body.modes[0].tools[0].name).toBe('mcp_find_tools');
    expect(names).toHaveLength(3);
    expect(names).toContain('filesystem/read_file');
  });

  it('builds the lists for the MCP revision asked: on 2026-07-28 the stateless ones the proxy serves, whatever the session did', async () => {
    const id = await createTestProject(['github', 'filesystem', 'memory']);
    await writeFavourites(database.db, id, { enabled: true, maxFavourites: 15, tools: ['github/create_issue', 'filesystem/read_file'] }, { via: 'api' });
    const state = `activated=memory/read_graph&agentTools=0&detail=names&query=${encodeURIComponent('read a file')}`;
    const before = await api.get(`/api/projects/${id}/preview?${state}&client=claude-code`);
    expect(before.status).toBe(200);
    expect(before.body.protocol).toMatchObject({ revision: '2025-11-25', asked: false });
    expect(byMode(before.body).lazy!.tools.map((t) => t.canonical)).toContain('memory/read_graph');
    expect(before.body.client.revisions[1]).toMatchObject({ revision: '2026-07-28', when: 'http', known: false });

    const res = await api.get(`/api/projects/${id}/preview?${state}&protocol=2026-07-28`);
    expect(res.status).toBe(200);
    expect(res.body.protocol).toMatchObject({ revision: '2026-07-28', asked: true });
    const modes = byMode(res.body);
    expect(modes.lazy!.tools.map((t) => t.name)).toEqual(['mcp_find_tools', 'mcp_invoke_tool']);
    expect(modes.retrieve!.tools.map((t) => t.name)).toEqual(['mcp_find_tools', 'mcp_invoke_tool']);
    const pinnedServers = new Set(modes.pinned!.tools.slice(2).map((t) => t.canonical?.split('/')[0]));
    expect([...pinnedServers]).toEqual(['github', 'filesystem'].slice(0, pinnedServers.size));
    expect(pinnedServers.size).toBeGreaterThan(0);
    expect(res.body.modes.find((m: Mode) => m.mode === 'pinned').revision.plain).toContain('servers of your favourites');
    expect(res.body.modes.find((m: Mode) => m.mode === 'favindex').revision).toMatchObject({ differs: false });
    expect(JSON.stringify(res.body)).not.toContain('/work/');

    const bad = await api.get(`/api/projects/${id}/preview?protocol=2024-11-05`);
    expectEnvelope(bad, 400, 'INVALID_PARAMETER');
    expect(bad.body.message).toContain('protocol');
  });

  it('answers a page: every mode’s summary without its tools, then a list searched, sorted and paged over the whole of it', async () => {
    const id = await createProjectWithSharedNames(database.db);
    const whole = byMode((await api.get(`/api/projects/${id}/preview?agentTools=4`)).body);
    const summary = await api.get(`/api/projects/${id}/preview?agentTools=4&limit=0`);
    expect(summary.status).toBe(200);
    for (const mode of summary.body.modes) {
      expect(mode.tools).toEqual([]);
      expect(mode.count).toBe(whole[mode.mode]!.count);
      expect(mode.page.matching).toBe(whole[mode.mode]!.tools.filter((t) => !t.placeholder).length);
    }
    expect(summary.text.length).toBeLessThan(JSON.stringify(Object.values(whole)).length / 5);
    const found = await api.get(`/api/projects/${id}/preview?agentTools=4&mode=eager&limit=2&filter=ISSUE&sort=name.desc`);
    const issues = whole
      .eager!.tools.filter((t) => t.name.includes('issue'))
      .map((t) => t.name)
      .sort((a, b) => b.localeCompare(a, 'en'));
    expect(found.body.modes[0].page).toEqual({ offset: 0, limit: 2, sort: 'name.desc', filter: 'ISSUE', matching: issues.length });
    expect(found.body.modes[0].tools.map((t: { name: string }) => t.name)).toEqual(issues.slice(0, 2));
    const next = await api.get(`/api/projects/${id}/preview?agentTools=4&mode=eager&limit=2&offset=2&filter=ISSUE&sort=name.desc`);
    expect(next.body.modes[0].tools.map((t: { name: string }) => t.name)).toEqual(issues.slice(2, 4));
  });

  it('refuses bad parameters with a clear envelope, and the project is left as it was', async () => {
    const id = await createTestProject(['github']);
    const before = (await api.get(`/api/projects/${id}`)).body;
    const cases: [string, number, string, string][] = [
      ['?target=custom', 400, 'INVALID_PARAMETER', 'needs a cap'],
      ['?target=mystery', 400, 'INVALID_PARAMETER', 'target'],
      ['?mode=sometimes', 400, 'INVALID_PARAMETER', 'mode'],
      ['?agentTools=20000', 400, 'INVALID_PARAMETER', 'at most 10,000'],
      ['?maxPinnedServers=-1', 400, 'INVALID_PARAMETER', 'maxPinnedServers'],
      ['?activated=not-canonical', 400, 'INVALID_PARAMETER', 'canonical'],
      ['?session=s&activated=github/get_issue', 400, 'INVALID_PARAMETER', 'not both'],
      ['?step=2', 400, 'INVALID_PARAMETER', 'step needs a session'],
      ['?session=nope', 404, 'SESSION_NOT_FOUND', "session 'nope'"],
      ['?offset=50', 400, 'INVALID_PARAMETER', 'give limit with them'],
      ['?limit=501', 400, 'INVALID_PARAMETER', 'limit'],
      ['?limit=10&sort=description.asc', 400, 'INVALID_PARAMETER', 'sort is position, name, visibility or canonical'],
    ];
    for (const [query, status, code, text] of cases) {
      const res = await api.get(`/api/projects/${id}/preview${query}`);
      expectEnvelope(res, status, code);
      expect(res.body.message).toContain(text);
    }
    await api.post(`/api/projects/${id}/events`, { json: { events: [event('x1', 'github__get_issue', { sessionId: 's-2' })] } });
    const past = await api.get(`/api/projects/${id}/preview?session=s-2&step=2`);
    expectEnvelope(past, 400, 'INVALID_PARAMETER');
    expect(past.body.suggested_action).toContain('from 0 to 1');
    expectEnvelope(await api.get('/api/projects/missing-project/preview'), 404, 'PROJECT_NOT_FOUND');
    expect((await api.get(`/api/projects/${id}`)).body).toEqual(before);
    expect((await api.get(`/api/projects/${id}/preview?session=s-2`)).status).toBe(200);
  });
});
