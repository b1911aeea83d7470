import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ndjson } from '@/test/api';
import { plantedBakeoff } from '@/test/bakeoff-runs';
import { adminHeaders, bearer, login, SAME_ORIGIN, withPassword } from '@/test/auth';
import { setupTestDatabase } from '@/test/database';
import { allowLoopbackSync } from '@/test/sync-targets';
import { createTestProject, event, fixtureCatalog } from '@/test/fixtures';
import { startTestMcpServer, type TestMcpServer } from '@/test/mcp-server';
import { toolCallExport } from '@/test/otlp';
import { proxyReport } from '@/test/proxy-reports';
import { checkedResponses } from '@/test/response-contracts';
import { withOperationsServer } from '@/test/operations-server';
import { Readiness } from '@/server/operations/readiness';
import { CLI_READS, documentedSuccesses, parsedBodies, publishedSchemaRefusals } from '@/test/contract-coverage';

/**
 * Every operation of the API called with realistic data, on this run's database (PGlite, and
 * PostgreSQL with DATABASE_URL). test/api.ts holds each response to its operation's contract
 * strictly; the last test checks that this happened for every operation and success status
 * the OpenAPI document lists, so an endpoint or status added without a checked contract fails
 * here, and that the document's JSON Schemas accept the same bodies.
 */
const test = setupTestDatabase();
allowLoopbackSync();
// The files of a worker share their imports (vitest.config.ts): count this file's responses only.
beforeAll(() => checkedResponses.clear());

const servers: TestMcpServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});

async function ok(res: Promise<{ status: number; text: string; body: any; headers: Headers }>, status = 200) {
  const answer = await res;
  if (answer.status !== status) throw new Error(`expected ${status}, got ${answer.status}: ${answer.text}`);
  return answer;
}

const NOW = Date.now();
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();
describe('every operation answers what its contract says', () => {
  let id: string;

  it('auth: the session in local and password mode, login, logout', async () => {
    expect((await ok(api.get('/api/auth/session'))).body).toEqual({ mode: 'local', authenticated: true });
    await withPassword('contracts-test-password', async () => {
      expect((await ok(api.get('/api/auth/session'))).body).toEqual({ mode: 'password', authenticated: false });
      const cookie = await login('contracts-test-password');
      expect((await ok(api.get('/api/auth/session', { headers: { cookie } }))).body.authenticated).toBe(true);
      await ok(api.post('/api/auth/logout', { headers: adminHeaders(cookie) }), 204);
    });
  });

  it('projects: create with a full surface config, list, read, update, delete', async () => {
    id = await createTestProject(['github', 'memory'], 'contracts');
    const custom = await ok(
      api.post('/api/projects', {
        json: {
          id: `${id}-custom`,
          description: 'a custom target',
          metaTools: ['begin_session'],
          retentionDays: 30,
          surface: { mode: 'pinned', target: 'custom', customCap: 64, agentTools: ['search', 'edit'], limits: { retrieveK: 5 } },
        },
      }),
      201,
    );
    expect(custom.body.surface).toMatchObject({ customCap: 64, agentTools: ['search', 'edit'] });
    expect((await ok(api.get('/api/projects'))).body.projects.length).toBeGreaterThanOrEqual(2);
    await ok(api.get(`/api/projects/${id}`));
    await ok(
      api.patch(`/api/projects/${id}`, { json: { description: 'contracts', metaTools: ['begin_session'], surface: { target: 'anthropic', agentTools: 3 } } }),
    );
    await ok(api.delete(`/api/projects/${id}-custom`), 204);
  });

  it('catalog: upload (new, unchanged, changed), read, versions, remove', async () => {
    const memory = fixtureCatalog('memory');
    expect((await ok(api.put(`/api/projects/${id}/catalog/extra`, { json: memory }), 201)).body.changed).toBe(true);
    expect((await ok(api.put(`/api/projects/${id}/catalog/extra`, { json: memory }))).body.changed).toBe(false);
    const annotated = { name: 'annotated', title: 'Annotated', description: 'd', annotations: { readOnlyHint: true } };
    const changed = { tools: [...memory.tools.slice(1), { ...annotated, inputSchema: { type: 'object' }, outputSchema: { type: 'object' } }] };
    expect((await ok(api.put(`/api/projects/${id}/catalog/extra`, { json: changed }))).body.added).toEqual(['annotated']);
    expect((await ok(api.get(`/api/projects/${id}/catalog`))).body.servers).toHaveLength(3);
    await ok(api.get(`/api/projects/${id}/catalog/extra`));
    expect((await ok(api.get(`/api/projects/${id}/catalog/extra/versions`))).body.versions).toHaveLength(2);
    await ok(api.delete(`/api/projects/${id}/catalog/extra`), 204);
  });

  it('catalog sync: register (new, again), read, sync now, stop', async () => {
    const mcp = await startTestMcpServer({
      tools: [{ name: 'lookup', description: 'Look it up', params: ['q'] }],
      requireHeaders: { authorization: 'Bearer t0k' },
    });
    servers.push(mcp);
    const path = `/api/projects/${id}/catalog/live/sync`;
    await ok(api.put(path, { json: { url: mcp.url, headers: { Authorization: 'Bearer t0k' }, intervalSeconds: 600 } }), 201);
    await ok(api.put(path, { json: { url: mcp.url, intervalSeconds: null } }));
    expect((await ok(api.get(path))).body.headers).toEqual({ Authorization: 'Bearer ••••••' });
    mcp.setTools([{ name: 'lookup', description: 'Look it up' }, { name: 'store' }]);
    expect((await ok(api.post(path))).body).toMatchObject({ changed: true, added: ['store'], superseded: false });
    // A catalog server that lists the live one's sync.
    expect((await ok(api.get(`/api/projects/${id}/catalog/live`))).body.sync).not.toBeNull();
    await ok(api.delete(path), 204);
  });

  it('events: JSON and NDJSON batches with rejects and duplicates, pages, filters; OTLP', async () => {
    const events = [
      event('e1', 'favourite/create_issue', { timestamp: ago(30), sessionId: 's1', model: 'gpt-5.4-mini', client: 'cursor', durationMs: 118.4 }),
      event('e2', 'github/list_issues', { timestamp: ago(29), sessionId: 's1', status: 'error', errorCode: 500 }),
      event('e3', 'all/memory/create_entities', { timestamp: ago(28), sessionId: 's1' }),
      event('e4', 'nosuch/tool', { timestamp: ago(27), sessionId: 's2' }),
      event('e5', 'begin_session', { timestamp: ago(26), sessionId: 's2' }),
      { id: 'bad', timestamp: 'yesterday', tool: 'x' },
      event('future', 'github/get_issue', { timestamp: new Date(NOW + 3_600_000).toISOString() }),
    ];
    const first = await ok(api.post(`/api/projects/${id}/events`, { json: { events } }));
    expect(first.body).toMatchObject({ accepted: 5, duplicates: 0 });
    expect(first.body.rejected.map((r: { error_code: string }) => r.error_code)).toEqual(['VALIDATION_FAILED', 'TIMESTAMP_IN_FUTURE']);
    const again = await ok(
      api.post(`/api/projects/${id}/events`, {
        body: `${ndjson([event('e1', 'favourite/create_issue'), event('e6', 'github/create_issue', { timestamp: ago(20), sessionId: 's3' })])}{not json\n`,
        headers: { 'content-type': 'application/x-ndjson' },
      }),
    );
    expect(again.body).toMatchObject({ accepted: 1, duplicates: 1, rejected: [{ index: 2, error_code: 'MALFORMED_JSON' }] });
    const page = await ok(api.get(`/api/projects/${id}/events?limit=2`));
    expect(page.body.next).toEqual(expect.any(String));
    await ok(api.get(`/api/projects/${id}/events?before=${page.body.next}&kind=unresolved`));
    await ok(api.get(`/api/projects/${id}/events?sessionId=s1&limit=500`));

    const otlp = await ok(api.post(`/api/projects/${id}/otlp/v1/traces`, { json: toolCallExport('create_issue', NOW - 90_000) }));
    expect(otlp.body.partialSuccess.rejectedSpans).toBe('1');
    const clean = toolCallExport('get_issue', NOW - 90_000);
    clean.resourceSpans[0]!.scopeSpans[0]!.spans.splice(1);
    expect((await ok(api.post(`/api/projects/${id}/otlp/v1/traces`, { json: clean }))).body).toEqual({});
  });

  it('favourites: read, replace, settings, pin, unpin, move, history with pages', async () => {
    const path = `/api/projects/${id}/favourites`;
    const current = await ok(api.get(path));
    await ok(
      api.put(path, {
        json: { enabled: true, maxFavourites: 5, tools: ['github/create_issue', 'gone/tool'] },
        headers: { 'if-match': `"${current.body.version}"`, 'x-favindex-via': 'ui' },
      }),
    );
    await ok(api.patch(path, { json: { maxFavourites: 6 } }));
    await ok(api.patch(path, { json: { enabled: false } }));
    await ok(api.patch(path, { json: { enabled: true } }));
    expect((await ok(api.post(`${path}/pin`, { json: { tool: 'github/list_issues', position: 0 } }))).body.changed).toBe(true);
    expect((await ok(api.post(`${path}/pin`, { json: { tool: 'github/list_issues' } }))).body.changed).toBe(false);
    await ok(api.post(`${path}/move`, { json: { tool: 'github/list_issues', to: 9 } }));
    await ok(api.post(`${path}/unpin`, { json: { tool: 'gone/tool' } }));
    const history = await ok(api.get(`${path}/history?limit=3`));
    expect(history.body.next).toEqual(expect.any(Number));
    await ok(api.get(`${path}/history?before=${history.body.next}`));
  });

  it('policy: read, plan, save, a stale basis, access per identity, history; routers: replace, read, history, suggestions, undo', async () => {
    const path = `/api/projects/${id}/policy`;
    const { version } = (await ok(api.get(path))).body;
    // Only token:ci is denied anything, so the surfaces read below without a token are as they were.
    const policy = { default: 'allow', rules: [{ effect: 'deny', identities: ['token:ci', 'client:cursor'], tools: ['github/create_*'], note: 'no writes' }] };
    expect((await ok(api.put(path, { json: { policy, dryRun: true } }))).body.applied).toBe(false);
    expect((await ok(api.put(path, { json: { policy, basis: version, via: 'ui' } }))).body.applied).toBe(true);
    expect((await api.put(path, { json: { policy, basis: version } })).status).toBe(412);
    await ok(api.get(`${path}/access?token=ci&client=cursor`));
    await ok(api.get(`${path}/access`));
    await ok(api.get(`${path}/history?limit=1`));
    const routers = `/api/projects/${id}/routers`;
    const issues = { name: 'issues', description: 'GitHub issues', ops: [{ op: 'get', tool: 'github/get_issue', note: 'One issue' }] };
    const json = { routers: [issues], singletons: [{ tool: 'gone/tool', reason: 'Not listed yet' }] };
    const written = await ok(api.put(routers, { json, headers: { 'if-match': '*', 'x-favindex-via': 'ui' } }));
    expect(written.body.warning).toEqual(expect.any(String));
    await ok(api.get(`${routers}/history?limit=1`));
    expect((await ok(api.get(`${routers}/suggestions?limit=2&unplacedLimit=3`))).body.suggestions.items.length).toBeGreaterThan(0);
    expect((await ok(api.post(`${routers}/undo`))).body.undid).toBe(written.body.version);
    await ok(api.get(routers));
  });

  it('usage: the report (all, ok, top), suggestions, every project’s daily calls', async () => {
    const report = await ok(api.get(`/api/projects/${id}/usage?window=7d`));
    expect(report.body.totals.calls).toBeGreaterThan(0);
    expect(report.body.unresolved.length).toBeGreaterThan(0);
    await ok(api.get(`/api/projects/${id}/usage?window=30d&status=ok&top=1`));
    await ok(api.get(`/api/projects/${id}/usage?window=1d&until=2020-01-01`));
    expect((await ok(api.get(`/api/projects/${id}/suggestions?top=3`))).body.suggested.length).toBeGreaterThan(0);
    await ok(api.get(`/api/projects/${id}/suggestions?window=1d&until=2020-01-01`));
    await ok(api.get('/api/usage?window=14d'));
    await ok(api.get(`/api/projects/${id}/usage/arguments?window=30d`));
    expect((await ok(api.get(`/api/projects/${id}/usage/identities?window=30d`))).body.identities.length).toBeGreaterThan(0);
  });

  it('impact: the revisions and a change judged, by revision and by favourites version; the backtest', async () => {
    const impact = await ok(api.get(`/api/projects/${id}/impact`));
    expect(impact.body.revisions.length).toBeGreaterThan(2);
    expect(impact.body.comparison.segments.length).toBeGreaterThan(0);
    await ok(api.get(`/api/projects/${id}/impact?favouritesVersion=2&baseline=1&window=30d`));
    expect((await ok(api.get(`/api/projects/${id}/backtest?weeks=4&train=14d&k=3`))).body.weeks).toHaveLength(4);
  });

  it('surface: previews (every mode, a recorded session, explicit state, names only), the surface and its 304, sessions', async () => {
    await ok(api.get(`/api/projects/${id}/preview?agentTools=search,edit&query=issue`));
    await ok(api.get(`/api/projects/${id}/preview?target=custom&cap=10&agentTools=4&mode=favindex`));
    const sessions = await ok(api.get(`/api/projects/${id}/sessions?limit=10`));
    expect(sessions.body.sessions.length).toBeGreaterThan(0);
    await ok(api.get(`/api/projects/${id}/preview?session=s1&step=1&target=gemini`));
    await ok(api.get(`/api/projects/${id}/preview?activated=github/create_issue,memory/read_graph&mode=pinned&detail=names`));
    await ok(api.get(`/api/projects/${id}/preview?activated=github/create_issue&calledServers=github&mode=lazy`));
    // Through clients that rename, refuse and cap: every mark and the naming fix.
    await ok(api.get(`/api/projects/${id}/preview?client=claude-code&naming=slash&mode=favindex`));
    await ok(api.get(`/api/projects/${id}/preview?client=codex&serverKey=favindex-production-eu1&naming=slash&detail=names`));
    await ok(api.get(`/api/projects/${id}/preview?client=cursor&target=cursor&mode=eager&detail=names`));
    const pages = ['client=claude-code&limit=0', 'mode=eager&limit=5&offset=5&filter=issue&sort=visibility.desc'];
    for (const page of pages) await ok(api.get(`/api/projects/${id}/preview?${page}`));
    const config = (await ok(api.get(`/api/projects/${id}`))).body.surface;
    await ok(api.post(`/api/projects/${id}/surface/plan`, { json: { surface: { ...config, mode: 'lazy', limits: { ...config.limits, retrieveK: 4 } } } }));
    for (const mode of ['favindex', 'off', 'lazy', 'eager']) await ok(api.get(`/api/projects/${id}/surface?mode=${mode}`));
    // What an open page polls to know that something moved: counters after the writes above.
    const changes = await ok(api.get(`/api/projects/${id}/changes`));
    expect(changes.body.versions.catalog).toBeGreaterThan(0);
    expect(changes.body.versions.events).toBeGreaterThan(0);
    const surface = await ok(api.get(`/api/projects/${id}/surface`));
    await ok(api.get(`/api/projects/${id}/surface`, { headers: { 'if-none-match': surface.headers.get('etag')! } }), 304);
  });

  it('findability: test queries kept and replaced, and the report through a client and a provider search', async () => {
    expect((await ok(api.get(`/api/projects/${id}/findability/queries`))).body).toEqual({ queries: [] });
    const kept = [
      { query: 'open a new issue', tool: 'github/create_issue' },
      { query: 'forget everything', tool: 'memory/delete_entities' },
    ];
    await ok(api.put(`/api/projects/${id}/findability/queries`, { json: { queries: kept } }));
    const codex = await ok(api.get(`/api/projects/${id}/findability?client=codex`));
    expect(codex.body.tools.length).toBeGreaterThan(0);
    await ok(api.get(`/api/projects/${id}/findability?search=anthropic-regex&mode=eager`));
    await ok(api.get(`/api/projects/${id}/findability?client=vscode-copilot`));
  });

  it('proxies: a report, the list, a preview counting what a connected proxy runs, forget', async () => {
    await ok(api.put(`/api/projects/${id}/proxies/proxy-contract`, { json: proxyReport([{ name: 'github', tools: 26 }]) }));
    expect((await ok(api.get(`/api/projects/${id}/proxies`))).body.proxies).toHaveLength(1);
    await ok(api.get(`/api/projects/${id}/preview?detail=names`));
    await ok(api.delete(`/api/projects/${id}/proxies/proxy-contract`), 204);
  });

  it('bake-offs: upload, list, read, the transcripts as JSONL, delete', async () => {
    const run = await ok(
      api.post(`/api/projects/${id}/bakeoffs`, { json: { ...plantedBakeoff({ rightFirst: { lazy: 0.4, pinned: 0.8 } }), seed: 'contract' } }),
      201,
    );
    expect((await ok(api.get(`/api/projects/${id}/bakeoffs`))).body.runs).toHaveLength(1);
    await ok(api.get(`/api/projects/${id}/bakeoffs/${run.body.id}`));
    await ok(api.get(`/api/projects/${id}/bakeoffs/${run.body.id}/transcripts`));
    await ok(api.delete(`/api/projects/${id}/bakeoffs/${run.body.id}`), 204);
  });

  it('tokens: create, list, read, revoke; a token reads what its scope opens', async () => {
    const created = await ok(api.post(`/api/projects/${id}/tokens`, { json: { name: 'proxy', scopes: ['surface:read', 'events:write'] } }), 201);
    await ok(api.get(`/api/projects/${id}/surface`, { headers: bearer(created.body.token) }));
    await ok(api.get(`/api/projects/${id}/tokens`));
    await ok(api.get(`/api/projects/${id}/tokens/${created.body.id}`));
    expect((await ok(api.delete(`/api/projects/${id}/tokens/${created.body.id}`))).body.revokedAt).toEqual(expect.any(String));
    expect((await ok(api.get(`/api/projects/${id}/tokens`))).body.tokens[0].lastUsedAt).toEqual(expect.any(String));
  });

  it('yaml: export one and all, apply as a dry run, with its basis, and a new project', async () => {
    const exported = await ok(api.get(`/api/projects/${id}/yaml?download=1`));
    await ok(api.get('/api/yaml'));
    const edited = exported.text.replace('maxFavourites: 6', 'maxFavourites: 8').replace(/description: .*/, 'description: applied');
    const yaml = `${edited}---\napiVersion: favindex/v1\nkind: Project\nmetadata:\n  name: ${id}-yaml\nspec:\n  favouriteIndex:\n    tools: [github/create_issue]\n  surface: {}\n`;
    const headers = { 'content-type': 'application/yaml' };
    const plan = await ok(api.post('/api/yaml/apply?dryRun=true', { body: yaml, headers }));
    expect(plan.body.summary).toEqual({ create: 1, update: 1, unchanged: 0 });
    expect(plan.body.projects[0].favourites).toMatchObject({ maxFavourites: { from: 6, to: 8 } });
    const applied = await ok(api.post('/api/yaml/apply', { body: yaml, headers: { ...headers, 'if-match': `"${plan.body.basis}"`, origin: SAME_ORIGIN } }));
    expect(applied.body).toMatchObject({ dryRun: false, applied: true });
  });

  it('meta: the OpenAPI document', async () => {
    await ok(api.get('/api/openapi.json'));
  });

  it('operations: liveness, readiness and the metrics, answered ahead of Next', async () => {
    const readiness = new Readiness();
    readiness.ready(test.database);
    await withOperationsServer(readiness, async (get) => {
      expect((await get('/healthz')).status).toBe(200);
      expect((await get('/readyz')).status).toBe(200);
      expect((await get('/metrics')).status).toBe(200);
    });
  });

  it('checked a response of every operation and success status in the OpenAPI document, which its JSON Schemas accept too', () => {
    const expected = documentedSuccesses();
    expect(expected.length).toBeGreaterThanOrEqual(44);
    expect(expected.filter((key) => !checkedResponses.has(key))).toEqual([]);
    expect(publishedSchemaRefusals()).toEqual([]);
  });

  it('parses the bodies the CLI reads into what was sent: every key kept, in the order the server writes them', () => {
    // The CLI prints what it parsed with the contract (--json): so its output is the server's answer.
    for (const key of CLI_READS) {
      const bodies = parsedBodies(key);
      expect(bodies.length, key).toBeGreaterThan(0);
      for (const { parsed, sent } of bodies) expect(parsed, key).toBe(sent);
    }
  });
});
