import { describe, expect, it } from 'vitest';
import { api, expectEnvelope, type ApiResponse } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';

setupTestDatabase();

const base = (id: string) => `/api/projects/${id}/favourites`;
const put = (id: string, body: unknown, headers: Record<string, string> = {}) => api.put(base(id), { json: body, headers });
const pin = (id: string, tool: string, extra: object = {}, headers: Record<string, string> = {}) =>
  api.post(`${base(id)}/pin`, { json: { tool, ...extra }, headers });
const index = (tools: string[], maxFavourites = 15, enabled = true) => ({ enabled, maxFavourites, tools });

async function current(id: string) {
  const res = await api.get(base(id));
  expect(res.status).toBe(200);
  return res.body;
}

describe('favourites: read and replace with a version', () => {
  it('reads the index with its version as the ETag, and flags pinned tools missing from the catalog', async () => {
    const id = await createTestProject(['github']);
    const res = await api.get(base(id));
    expect(res.headers.get('etag')).toBe('"1"');
    expect(res.body).toMatchObject({ project: id, version: 1, enabled: true, maxFavourites: 15, tools: [], pinned: 0, full: false, missingFromCatalog: [] });

    const written = await put(id, index(['github/create_issue', 'jira/create_ticket']), { 'if-match': '"1"' });
    expect(written.status).toBe(200);
    expect(written.headers.get('etag')).toBe('"2"');
    expect(written.body).toMatchObject({
      version: 2,
      changed: true,
      tools: ['github/create_issue', 'jira/create_ticket'],
      missingFromCatalog: ['jira/create_ticket'],
    });

    // Once the catalog lists it, the flag goes away.
    await api.put(`/api/projects/${id}/catalog/jira`, { json: { tools: [{ name: 'create_ticket', inputSchema: { type: 'object' } }] } });
    expect((await current(id)).missingFromCatalog).toEqual([]);
    // The version in force counts: a tool the next version drops is missing again, one on another server is not confused with it.
    await api.put(`/api/projects/${id}/catalog/jira`, { json: { tools: [{ name: 'close_ticket', inputSchema: { type: 'object' } }] } });
    await api.put(`/api/projects/${id}/catalog/jira2`, { json: { tools: [{ name: 'create_ticket', inputSchema: { type: 'object' } }] } });
    expect((await current(id)).missingFromCatalog).toEqual(['jira/create_ticket']);
  });

  it('requires If-Match to replace the list (428), and takes * as an explicit overwrite', async () => {
    const id = await createTestProject(['github']);
    const missing = await put(id, index(['github/create_issue']));
    expectEnvelope(missing, 428, 'VERSION_REQUIRED');
    expect(missing.body.suggested_action).toMatch(/If-Match/);
    expect((await current(id)).version).toBe(1);

    const forced = await put(id, index(['github/create_issue']), { 'if-match': '*' });
    expect(forced.body).toMatchObject({ version: 2, tools: ['github/create_issue'] });
  });

  it('refuses a stale write with 412 and the current version, and keeps the other writer’s change', async () => {
    const id = await createTestProject(['github']);
    await put(id, index(['github/create_issue']), { 'if-match': '"1"' });
    const stale = await put(id, index(['github/list_issues']), { 'if-match': '"1"' });
    expectEnvelope(stale, 412, 'VERSION_MISMATCH');
    expect(stale.headers.get('etag')).toBe('"2"');
    expect(stale.body.details).toEqual({ currentVersion: 2, current: index(['github/create_issue']) });
    expect((await current(id)).tools).toEqual(['github/create_issue']);
  });

  it('lets exactly one of two concurrent writers from the same version win; the other gets 412', async () => {
    const id = await createTestProject(['github']);
    for (let round = 0; round < 5; round++) {
      const { version } = await current(id);
      const ifMatch = { 'if-match': `"${version}"` };
      const [a, b] = await Promise.all([put(id, index([`github/writer_a_${round}`]), ifMatch), put(id, index([`github/writer_b_${round}`]), ifMatch)]);
      const statuses = [a.status, b.status].sort();
      expect(statuses).toEqual([200, 412]);
      const winner = a.status === 200 ? a : b;
      const loser = a.status === 200 ? b : a;
      expectEnvelope(loser, 412, 'VERSION_MISMATCH');
      expect(loser.body.details.currentVersion).toBe(version + 1);
      expect(await current(id)).toMatchObject({ version: version + 1, tools: winner.body.tools });
    }
  });

  it('records who changed what in the history: ui, api, yaml; before and after', async () => {
    const id = await createTestProject(['github']);
    await put(id, index(['github/create_issue']), { 'if-match': '"1"', 'x-favindex-via': 'ui' });
    await pin(id, 'github/list_issues');
    await api.post(`${base(id)}/move`, { json: { tool: 'github/list_issues', to: 0 }, headers: { 'x-favindex-via': 'ui' } });
    await api.patch(base(id), { json: { maxFavourites: 5 } });

    const history = await api.get(`${base(id)}/history`);
    expect(history.status).toBe(200);
    expect(history.body.currentVersion).toBe(5);
    expect(history.body.changes.map((c: { version: number; via: string }) => [c.version, c.via])).toEqual([
      [5, 'api'],
      [4, 'ui'],
      [3, 'api'],
      [2, 'ui'],
      [1, 'api'],
    ]);
    const [v5, v4, v3] = history.body.changes;
    expect(v5.description).toBe('maxFavourites 15 → 5');
    expect(v4).toMatchObject({
      before: index(['github/create_issue', 'github/list_issues']),
      after: index(['github/list_issues', 'github/create_issue']),
      description: 'reordered',
    });
    expect(v3.summary).toMatchObject({ added: ['github/list_issues'], removed: [], reordered: false });
    expect(new Date(v3.changedAt).getTime()).toBeLessThanOrEqual(new Date(v5.changedAt).getTime());

    const page = await api.get(`${base(id)}/history?limit=2`);
    expect(page.body.changes.map((c: { version: number }) => c.version)).toEqual([5, 4]);
    expect(page.body.next).toBe(4);
    const older = await api.get(`${base(id)}/history?limit=2&before=4`);
    expect(older.body.changes.map((c: { version: number }) => c.version)).toEqual([3, 2]);
  });
});

describe('favourites: atomic operations', () => {
  it('pins at a position, ignores a second pin or an unpin of something not pinned, and moves', async () => {
    const id = await createTestProject(['github']);
    await pin(id, 'github/a');
    await pin(id, 'github/b');
    const atFront = await pin(id, 'github/c', { position: 0 });
    expect(atFront.body).toMatchObject({ tools: ['github/c', 'github/a', 'github/b'], version: 4, changed: true });

    const again = await pin(id, 'github/a');
    expect(again.body).toMatchObject({ version: 4, changed: false });
    const absent = await api.post(`${base(id)}/unpin`, { json: { tool: 'github/zzz' } });
    expect(absent.body).toMatchObject({ version: 4, changed: false });

    const moved = await api.post(`${base(id)}/move`, { json: { tool: 'github/c', to: 99 } });
    expect(moved.body.tools).toEqual(['github/a', 'github/b', 'github/c']);
    const unpinned = await api.post(`${base(id)}/unpin`, { json: { tool: 'github/a' } });
    expect(unpinned.body).toMatchObject({ tools: ['github/b', 'github/c'], version: 6 });
  });

  it('says the list is full when a pin would pass maxFavourites, and pins nothing', async () => {
    const id = await createTestProject(['github']);
    await api.patch(base(id), { json: { maxFavourites: 2 } });
    await pin(id, 'github/a');
    const second = await pin(id, 'github/b');
    expect(second.body).toMatchObject({ pinned: 2, full: true });
    const third = await pin(id, 'github/c');
    expectEnvelope(third, 409, 'MAX_FAVOURITES_EXCEEDED');
    expect(third.body.message).toMatch(/full \(2 \/ 2\)/);
    expect(third.body.suggested_action).toMatch(/unpin one of github\/a, github\/b, or raise maxFavourites/);
    expect((await current(id)).tools).toEqual(['github/a', 'github/b']);
  });

  it('never leaves more than maxFavourites under many concurrent pins', async () => {
    const id = await createTestProject(['github']);
    await api.patch(base(id), { json: { maxFavourites: 5 } });
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => pin(id, `github/tool_${i}`)));
    const won = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(won).toHaveLength(5);
    for (const r of refused) expectEnvelope(r, 409, 'MAX_FAVOURITES_EXCEEDED');
    const after = await current(id);
    expect(after).toMatchObject({ pinned: 5, version: 2 + 5 });
    expect(new Set(after.tools)).toEqual(new Set(won.map((r) => r.body.tools.at(-1))));

    // Pins and unpins racing each other: no recorded version ever holds more than the maximum.
    const mixed = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? pin(id, `github/more_${i}`) : api.post(`${base(id)}/unpin`, { json: { tool: `github/tool_${i % 30}` } }))),
    );
    for (const r of mixed) if (r.status !== 200) expectEnvelope(r, 409, 'MAX_FAVOURITES_EXCEEDED');
    const history = await api.get(`${base(id)}/history?limit=200`);
    for (const change of history.body.changes) expect(change.after.tools.length).toBeLessThanOrEqual(change.after.maxFavourites);
    const versions = history.body.changes.map((c: { version: number }) => c.version);
    expect(versions).toEqual(Array.from({ length: versions.length }, (_, i) => versions[0] - i));
  });

  it('refuses to lower maxFavourites below the pinned count and names what to unpin', async () => {
    const id = await createTestProject(['github']);
    await put(id, index(['github/a', 'github/b', 'github/c', 'github/d']), { 'if-match': '"1"' });
    const lowered = await api.patch(base(id), { json: { maxFavourites: 2 } });
    expectEnvelope(lowered, 409, 'MAX_FAVOURITES_BELOW_PINNED');
    expect(lowered.body.details).toEqual({ pinned: 4, maxFavourites: 2, unpin: ['github/c', 'github/d'] });
    expect(lowered.body.suggested_action).toMatch(/unpin 2 first \(e\.g\. github\/c, github\/d\)/);
    const viaPut = await put(id, index(['github/a', 'github/b', 'github/c', 'github/d'], 3), { 'if-match': '"2"' });
    expectEnvelope(viaPut, 409, 'MAX_FAVOURITES_BELOW_PINNED');
    const tooMany = await put(id, index(['github/a', 'github/b', 'github/c'], 2, true), { 'if-match': '*' });
    // From maxFavourites 15 to 2 with 3 tools is also lowering below the pinned count.
    expectEnvelope(tooMany, 409, 'MAX_FAVOURITES_BELOW_PINNED');
    // More tools than the unchanged maximum is simply too many.
    const sixteen = Array.from({ length: 16 }, (_, i) => `github/t${i}`);
    const over = await put(id, index(sixteen, 15), { 'if-match': '*' });
    expectEnvelope(over, 409, 'MAX_FAVOURITES_EXCEEDED');
    expect(over.body.details.over).toEqual(['github/t15']);
    expect(await current(id)).toMatchObject({ version: 2, maxFavourites: 15, pinned: 4 });
  });
});

describe('favourites: every bad request gets the envelope and changes nothing', () => {
  const cases: { name: string; send: (id: string) => Promise<ApiResponse>; status: number; code: string }[] = [
    {
      name: 'a name that is not server/tool',
      send: (id) => put(id, index(['create_issue', 'a b/c', 'github/ok']), { 'if-match': '"1"' }),
      status: 422,
      code: 'INVALID_TOOL_NAME',
    },
    { name: 'a pin of a bare name', send: (id) => pin(id, 'create_issue'), status: 422, code: 'INVALID_TOOL_NAME' },
    { name: 'a repeated tool', send: (id) => put(id, index(['github/a', 'github/a']), { 'if-match': '"1"' }), status: 422, code: 'VALIDATION_FAILED' },
    { name: 'a missing field on replace', send: (id) => put(id, { tools: ['github/a'] }, { 'if-match': '"1"' }), status: 422, code: 'VALIDATION_FAILED' },
    { name: 'an unknown field', send: (id) => put(id, { ...index([]), colour: 'red' }, { 'if-match': '"1"' }), status: 422, code: 'VALIDATION_FAILED' },
    { name: 'maxFavourites 0', send: (id) => api.patch(base(id), { json: { maxFavourites: 0 } }), status: 422, code: 'VALIDATION_FAILED' },
    { name: 'maxFavourites 129', send: (id) => api.patch(base(id), { json: { maxFavourites: 129 } }), status: 422, code: 'VALIDATION_FAILED' },
    { name: 'an empty settings change', send: (id) => api.patch(base(id), { json: {} }), status: 422, code: 'VALIDATION_FAILED' },
    {
      name: 'a negative move target',
      send: (id) => api.post(`${base(id)}/move`, { json: { tool: 'github/a', to: -1 } }),
      status: 422,
      code: 'VALIDATION_FAILED',
    },
    {
      name: 'moving a tool that is not pinned',
      send: (id) => api.post(`${base(id)}/move`, { json: { tool: 'github/nope', to: 0 } }),
      status: 409,
      code: 'FAVOURITE_NOT_PINNED',
    },
    {
      name: 'malformed JSON',
      send: (id) => api.put(base(id), { body: '{"tools":', headers: { 'content-type': 'application/json', 'if-match': '"1"' } }),
      status: 400,
      code: 'MALFORMED_REQUEST',
    },
    {
      name: 'a form body',
      send: (id) => api.post(`${base(id)}/pin`, { body: 'tool=github/a', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
    },
    { name: 'an If-Match that is no version', send: (id) => put(id, index([]), { 'if-match': '"abc"' }), status: 400, code: 'MALFORMED_REQUEST' },
    { name: 'a stale If-Match on a pin', send: (id) => pin(id, 'github/a', {}, { 'if-match': '"7"' }), status: 412, code: 'VERSION_MISMATCH' },
    { name: 'an unknown X-Favindex-Via', send: (id) => pin(id, 'github/a', {}, { 'x-favindex-via': 'robot' }), status: 400, code: 'MALFORMED_REQUEST' },
    { name: 'a history limit of 0', send: (id) => api.get(`${base(id)}/history?limit=0`), status: 400, code: 'INVALID_PARAMETER' },
    { name: 'a U+0000 in a name', send: (id) => pin(id, 'github/a\u0000'), status: 422, code: 'VALIDATION_FAILED' },
    { name: 'an unknown project (read)', send: () => api.get(base('ghost')), status: 404, code: 'PROJECT_NOT_FOUND' },
    { name: 'an unknown project (pin)', send: () => pin('ghost', 'github/a'), status: 404, code: 'PROJECT_NOT_FOUND' },
    { name: 'an unknown project (history)', send: () => api.get(`${base('ghost')}/history`), status: 404, code: 'PROJECT_NOT_FOUND' },
  ];

  it.each(cases)('$name → $status $code', async ({ send, status, code }) => {
    const id = await createTestProject(['github']);
    await pin(id, 'github/keep');
    const before = await current(id);
    expectEnvelope(await send(id), status, code);
    expect(await current(id)).toEqual(before);
  });

  it('names every bad tool name at once', async () => {
    const id = await createTestProject();
    const res = await put(id, index(['create_issue', 'a b/c', 'github/ok', '/x']), { 'if-match': '"1"' });
    expect(res.body.details.invalid).toEqual(['create_issue', 'a b/c', '/x']);
    expect(res.body.cited_rule).toBe('§names');
  });
});
