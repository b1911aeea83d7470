import { describe, expect, it } from 'vitest';
import type { RoutersConfig } from '@/lib/schemas/routers';
import { loadSurfaceInputs } from '@/server/surface/inputs';
import { api, expectEnvelope } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';

const t = setupTestDatabase();

const base = (id: string) => `/api/projects/${id}/routers`;
const put = (id: string, body: unknown, headers: Record<string, string> = {}) => api.put(base(id), { json: body, headers });
const undo = (id: string, headers: Record<string, string> = {}) => api.post(`${base(id)}/undo`, { headers });

const ISSUES: RoutersConfig = {
  routers: [
    {
      name: 'issues',
      description: 'Read and write GitHub issues.',
      ops: [
        { op: 'get', tool: 'github/get_issue', note: 'One issue by its number.' },
        { op: 'list', tool: 'github/list_issues', note: 'Issues of a repository, filtered.' },
      ],
    },
  ],
  singletons: [{ tool: 'github/search_code', reason: 'The only search over code.' }],
};

async function current(id: string) {
  const res = await api.get(base(id));
  expect(res.status).toBe(200);
  return res.body;
}

describe('routers: read and replace with a version', () => {
  it('reads none at version 0, then the routers written, their version as the ETag, and the tools the catalog lacks', async () => {
    const id = await createTestProject(['github']);
    const fresh = await api.get(base(id));
    expect(fresh.headers.get('etag')).toBe('"0"');
    expect(fresh.body).toEqual({ project: id, version: 0, updatedAt: null, routers: [], singletons: [], ops: 0, missingFromCatalog: [] });

    const withUnknown = { ...ISSUES, singletons: [...ISSUES.singletons, { tool: 'jira/create_ticket', reason: 'Tickets live elsewhere.' }] };
    const written = await put(id, withUnknown, { 'if-match': '"0"' });
    expect(written.status).toBe(200);
    expect(written.headers.get('etag')).toBe('"1"');
    expect(written.body).toMatchObject({ version: 1, changed: true, ops: 2, ...withUnknown, missingFromCatalog: ['jira/create_ticket'] });
    expect(written.body.warning).toMatch(/catalog does not list jira\/create_ticket: kept in the routers, but no client reaches it/);
    expect(await current(id)).toMatchObject({ version: 1, routers: withUnknown.routers, singletons: withUnknown.singletons });

    // Once the catalog lists it, the flag goes away.
    await api.put(`/api/projects/${id}/catalog/jira`, { json: { tools: [{ name: 'create_ticket', inputSchema: { type: 'object' } }] } });
    expect((await current(id)).missingFromCatalog).toEqual([]);

    const again = await put(id, withUnknown, { 'if-match': '"1"' });
    expect(again.body).toMatchObject({ version: 1, changed: false, warning: null });
  });

  it('needs If-Match to replace them (428), refuses a stale one (412) with what is in force, and takes * as an overwrite', async () => {
    const id = await createTestProject(['github']);
    const missing = await put(id, ISSUES);
    expectEnvelope(missing, 428, 'VERSION_REQUIRED');
    expect(missing.body).toMatchObject({ cited_rule: '§routers', suggested_action: expect.stringContaining('GET /api/projects/:id/routers') });
    expect((await current(id)).version).toBe(0);

    expect((await put(id, ISSUES, { 'if-match': '"0"' })).status).toBe(200);
    const stale = await put(id, { singletons: [] }, { 'if-match': '"0"' });
    expectEnvelope(stale, 412, 'VERSION_MISMATCH');
    expect(stale.headers.get('etag')).toBe('"1"');
    expect(stale.body.details).toEqual({ currentVersion: 1, current: ISSUES });
    expect(await current(id)).toMatchObject({ version: 1, ...ISSUES });

    const forced = await put(id, { singletons: [{ tool: 'github/get_issue', reason: 'Alone now.' }] }, { 'if-match': '*' });
    expect(forced.body).toMatchObject({ version: 2, routers: [], singletons: [{ tool: 'github/get_issue', reason: 'Alone now.' }] });
    expectEnvelope(await put(id, ISSUES, { 'if-match': 'yesterday' }), 400, 'MALFORMED_REQUEST');
  });

  it('lets exactly one of two concurrent writers from the same version win, and one of two undos; the other gets 412', async () => {
    const id = await createTestProject(['github']);
    const alone = (tool: string) => ({ singletons: [{ tool, reason: 'Alone.' }] });
    for (let round = 0; round < 3; round++) {
      const { version } = await current(id);
      const ifMatch = { 'if-match': `"${version}"` };
      const [a, b] = await Promise.all([put(id, alone(`github/writer_a_${round}`), ifMatch), put(id, alone(`github/writer_b_${round}`), ifMatch)]);
      expect([a.status, b.status].sort()).toEqual([200, 412]);
      const winner = a.status === 200 ? a : b;
      expect(await current(id)).toMatchObject({ version: version + 1, singletons: winner.body.singletons });
    }
    const { version } = await current(id);
    const undos = await Promise.all([undo(id, { 'if-match': `"${version}"` }), undo(id, { 'if-match': `"${version}"` })]);
    expect(undos.map((u) => u.status).sort()).toEqual([200, 412]);
    expect((await current(id)).version).toBe(version + 1);
  });

  it('answers 404 for a project that does not exist, on every operation', async () => {
    expectEnvelope(await api.get(base('nope')), 404, 'PROJECT_NOT_FOUND');
    expectEnvelope(await put('nope', ISSUES, { 'if-match': '*' }), 404, 'PROJECT_NOT_FOUND');
    expectEnvelope(await api.get(`${base('nope')}/history`), 404, 'PROJECT_NOT_FOUND');
    expectEnvelope(await undo('nope'), 404, 'PROJECT_NOT_FOUND');
  });
});

describe('routers: what is refused, and that nothing is lost', () => {
  const op = (name: string, tool: string) => ({ op: name, tool, note: `Does ${name}.` });
  const router = (name: string, ops: object[]) => ({ name, description: `The ${name} router.`, ops });
  const cases: [string, unknown, { path: string; message: RegExp }][] = [
    [
      'a tool in two places',
      { routers: [router('issues', [op('get', 'github/get_issue')])], singletons: [{ tool: 'github/get_issue', reason: 'Alone.' }] },
      { path: 'singletons[0].tool', message: /github\/get_issue is already op get of router issues: a tool is in one place/ },
    ],
    [
      'a tool twice in one router',
      { routers: [router('issues', [op('get', 'github/get_issue'), op('read', 'github/get_issue')])] },
      { path: 'routers[0].ops[1].tool', message: /already op get of router issues/ },
    ],
    [
      'two ops of one name',
      { routers: [router('issues', [op('get', 'github/get_issue'), op('get', 'github/list_issues')])] },
      { path: 'routers[0].ops[1].op', message: /issues has two ops named get/ },
    ],
    [
      'list_ops as an op',
      { routers: [router('issues', [op('list_ops', 'github/list_issues')])] },
      { path: 'routers[0].ops[0].op', message: /list_ops is every router's own op/ },
    ],
    [
      'two routers of one name',
      { routers: [router('issues', [op('get', 'github/get_issue')]), router('issues', [op('list', 'github/list_issues')])] },
      { path: 'routers[1].name', message: /two routers are named issues/ },
    ],
    ['an unknown field', { routers: [], singletons: [], budget: 30 }, { path: '', message: /budget/ }],
    [
      'an unknown field of an op',
      { routers: [router('issues', [{ ...op('get', 'github/get_issue'), server: 'github' }])] },
      { path: 'routers[0].ops[0]', message: /server/ },
    ],
    [
      'a tool that is not server/tool',
      { singletons: [{ tool: 'get_issue', reason: 'Alone.' }] },
      { path: 'singletons[0].tool', message: /canonical server\/tool/ },
    ],
    [
      'a note of two lines',
      { routers: [router('issues', [{ ...op('get', 'github/get_issue'), note: 'One\nTwo' }])] },
      { path: 'routers[0].ops[0].note', message: /one line/ },
    ],
    ['a router without ops', { routers: [router('issues', [])] }, { path: 'routers[0].ops', message: /./ }],
  ];

  it.each(cases)('refuses %s with a 422 naming the path, and keeps the version and routers in force', async (_, body, problem) => {
    const id = await createTestProject(['github']);
    expect((await put(id, ISSUES, { 'if-match': '"0"' })).status).toBe(200);
    const before = await current(id);
    const refused = await put(id, body, { 'if-match': '"1"' });
    expectEnvelope(refused, 422, 'VALIDATION_FAILED');
    expect(refused.body).toMatchObject({ cited_rule: '§routers', retryable: false });
    expect(refused.body.details).toEqual(expect.arrayContaining([{ path: problem.path, message: expect.stringMatching(problem.message) }]));
    expect(await current(id)).toEqual(before);
    expect((await api.get(`${base(id)}/history`)).body.changes).toHaveLength(1);
  });
});

describe('routers: history and undo', () => {
  it('keeps every change with its source, before and after, and what it did; pages newest first', async () => {
    const id = await createTestProject(['github']);
    await put(id, ISSUES, { 'if-match': '"0"', 'x-favindex-via': 'ui' });
    const moved: RoutersConfig = {
      routers: [{ ...ISSUES.routers[0]!, ops: [ISSUES.routers[0]!.ops[1]!] }],
      singletons: [...ISSUES.singletons, { tool: 'github/get_issue', reason: 'Read alone.' }],
    };
    await put(id, moved, { 'if-match': '"1"', 'x-favindex-via': 'cli' });
    await put(id, { routers: [], singletons: [] }, { 'if-match': '"2"' });

    const history = await api.get(`${base(id)}/history`);
    expect(history.body).toMatchObject({ project: id, currentVersion: 3, next: null });
    expect(history.body.changes.map((c: { version: number; via: string }) => [c.version, c.via])).toEqual([
      [3, 'api'],
      [2, 'cli'],
      [1, 'ui'],
    ]);
    const [cleared, second, first] = history.body.changes;
    expect(first).toMatchObject({
      before: null,
      after: ISSUES,
      description: 'added 1 router issues · placed github/get_issue, github/list_issues, github/search_code',
    });
    expect(second.summary).toEqual({
      routersAdded: [],
      routersRemoved: [],
      placed: [],
      unplaced: [],
      moved: [{ tool: 'github/get_issue', from: 'issues.get', to: 'singleton' }],
      reworded: 0,
    });
    expect(cleared.description).toBe('removed 1 router issues · unplaced github/list_issues, github/search_code, github/get_issue');

    const page = await api.get(`${base(id)}/history?limit=2`);
    expect(page.body).toMatchObject({ next: 2 });
    expect((await api.get(`${base(id)}/history?limit=2&before=2`)).body.changes.map((c: { version: number }) => c.version)).toEqual([1]);
    expectEnvelope(await api.get(`${base(id)}/history?limit=0`), 400, 'INVALID_PARAMETER');
  });

  it('undoes the change in force as a new version, undoing the undo puts it back, and refuses what it cannot undo', async () => {
    const id = await createTestProject(['github']);
    const nothing = await undo(id);
    expectEnvelope(nothing, 409, 'NOTHING_TO_UNDO');
    expect(nothing.body.cited_rule).toBe('§routers');
    expect((await current(id)).version).toBe(0);

    await put(id, ISSUES, { 'if-match': '"0"' });
    const changed = { ...ISSUES, singletons: [] };
    await put(id, changed, { 'if-match': '"1"' });

    const stale = await undo(id, { 'if-match': '"1"' });
    expectEnvelope(stale, 412, 'VERSION_MISMATCH');
    expect(await current(id)).toMatchObject({ version: 2, ...changed });

    const undone = await undo(id, { 'if-match': '"2"', 'x-favindex-via': 'ui' });
    expect(undone.status).toBe(200);
    expect(undone.headers.get('etag')).toBe('"3"');
    expect(undone.body).toMatchObject({ version: 3, undid: 2, changed: true, warning: null, ...ISSUES });
    const redone = await undo(id);
    expect(redone.body).toMatchObject({ version: 4, undid: 3, ...changed });

    // The first version's undo is back to none.
    await put(id, ISSUES, { 'if-match': '*' });
    const fresh = await createTestProject(['github']);
    await put(fresh, ISSUES, { 'if-match': '"0"' });
    expect((await undo(fresh)).body).toMatchObject({ version: 2, undid: 1, routers: [], singletons: [] });

    const history = (await api.get(`${base(id)}/history`)).body.changes;
    expect(history.slice(0, 4).map((c: { via: string }) => c.via)).toEqual(['api', 'api', 'ui', 'api']);
  });
});

describe('routers and the surface', () => {
  // The document is built again at each write (its surface revision moves); its fingerprint moves
  // with what it carries of the routers.
  it('every write is a new surface revision that proxies polling /surface read, and the surface inputs carry the routers', async () => {
    const id = await createTestProject(['github']);
    const before = await api.get(`/api/projects/${id}/surface`);
    await put(id, ISSUES, { 'if-match': '"0"' });
    const after = await api.get(`/api/projects/${id}/surface`);
    expect(after.body.version.surface).toBe(before.body.version.surface + 1);
    expect((await loadSurfaceInputs(t.db, t.app.catalogs, id)).routers).toEqual(ISSUES);

    await undo(id);
    const undone = await api.get(`/api/projects/${id}/surface`);
    expect(undone.body.version.surface).toBe(after.body.version.surface + 1);
    expect((await loadSurfaceInputs(t.db, t.app.catalogs, id)).routers).toEqual({ routers: [], singletons: [] });
  });
});
