import { describe, expect, it } from 'vitest';
import type { FindabilityResponse } from '@/lib/contracts/findability';
import { TEST_QUERY_LIMITS } from '@/lib/limits';
import { api, expectEnvelope } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { PLANTED_SERVER, PLANTED_TEST_QUERIES, PLANTED_TOOLS } from '@/test/findability-catalog';
import { createTestProject } from '@/test/fixtures';
import { applyYaml, projectYaml } from '@/test/yaml-documents';
import { eq } from 'drizzle-orm';
import { projects } from '@/db/schema';

const database = setupTestDatabase();

async function plantedProject(): Promise<string> {
  const id = await createTestProject();
  const put = await api.put(`/api/projects/${id}/catalog/${PLANTED_SERVER}`, { json: { tools: PLANTED_TOOLS } });
  expect(put.status).toBeLessThan(300);
  return id;
}

const queries = (id: string) => `/api/projects/${id}/findability/queries`;
const report = async (id: string, search = '') => api.get<FindabilityResponse>(`/api/projects/${id}/findability${search}`);

describe('GET /api/projects/:id/findability', () => {
  it("flags the planted near-duplicates, finds a distinct tool and reports a missed test query, through Codex's search", async () => {
    const id = await plantedProject();
    expect((await api.put(queries(id), { json: { queries: PLANTED_TEST_QUERIES } })).status).toBe(200);
    const res = await report(id, '?client=codex');
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body).toMatchObject({
      project: id,
      client: { id: 'codex', label: 'Codex CLI' },
      mode: 'favindex',
      search: { id: 'codex', tool: 'tool_search', method: 'bm25', ranking: 'bm25', approximation: false, limit: 8 },
      summary: { deferred: 6, loaded: 0, losingToSiblings: 2, testQueries: { found: 1, missed: 1, loaded: 0, notListed: 0, notInCatalog: 0 } },
    });
    const byTool = new Map(body.tools.map((t) => [t.tool, t]));
    expect(byTool.get('records/update')!.losesTo.map((s) => s.tool)).toEqual(['records/update_v2']);
    expect(byTool.get('records/update_v2')!.losesTo.map((s) => s.tool)).toEqual(['records/update']);
    expect(byTool.get('records/update')!.advice[0]).toContain('Start its description with what sets it apart from records/update_v2');
    expect(byTool.get('records/send_email')).toMatchObject({ found: true, bestRank: 1, flagged: false, advice: [] });
    expect(body.testQueries).toContainEqual({ query: 'archive old entries', tool: 'records/delete_record', status: 'missed', rank: null });
    expect(byTool.get('records/delete_record')!.advice[0]).toContain("lack 'archive', 'old'");
  });

  it('leaves out a favourite the client keeps loaded, so it is no rival, and runs the search asked for', async () => {
    const id = await plantedProject();
    const fav = await api.put(`/api/projects/${id}/favourites`, {
      json: { enabled: true, maxFavourites: 15, tools: ['records/update_v2'] },
      headers: { 'if-match': '*' },
    });
    expect(fav.status).toBe(200);
    const res = await report(id, '?search=anthropic-regex');
    expect(res.body).toMatchObject({ client: null, search: { id: 'anthropic-regex', ranking: 'regex', limit: 3 }, summary: { deferred: 5, loaded: 1 } });
    expect(res.body.tools.map((t) => t.tool)).not.toContain('records/update_v2');
    expect(res.body.tools.find((t) => t.tool === 'records/update')).toMatchObject({ losesTo: [] });

    // In eager mode nothing is marked to stay loaded: the favourite is deferred again.
    const eager = await report(id, '?client=claude-code&mode=eager');
    expect(eager.body).toMatchObject({ mode: 'eager', search: { id: 'claude-code', approximation: true, limit: 3 }, summary: { deferred: 6, loaded: 0 } });
    expect(eager.body.method).toContain('approximation');
    expect((await report(id, '?mode=off')).body.summary).toMatchObject({ deferred: 0 });
    // Claude Code keeps the marked favourite loaded; Codex ignores the mark and defers it with the rest.
    expect((await report(id, '?client=claude-code&mode=favindex')).body.summary).toMatchObject({ deferred: 5, loaded: 1 });
    expect((await report(id, '?client=codex&mode=favindex')).body.summary).toMatchObject({ deferred: 6, loaded: 0 });
  });

  it('refuses a client with no known search, an unpublished search, both at once, and an unknown project', async () => {
    const id = await plantedProject();
    const cursor = await report(id, '?client=cursor');
    expectEnvelope(cursor, 400, 'INVALID_PARAMETER');
    expect(cursor.text).toContain('Cursor has no tool search favindex knows of');
    expectEnvelope(await report(id, '?search=openai'), 400, 'INVALID_PARAMETER');
    expectEnvelope(await report(id, '?client=codex&search=anthropic-bm25'), 400, 'INVALID_PARAMETER');
    expectEnvelope(await report(id, '?search=nope'), 400, 'INVALID_PARAMETER');
    expectEnvelope(await report('no-such-project'), 404, 'PROJECT_NOT_FOUND');
  });
});

describe('/api/projects/:id/findability/queries', () => {
  it('keeps the test queries in order, and refuses bad ones without losing those kept', async () => {
    const id = await plantedProject();
    expect((await api.get(queries(id))).body).toEqual({ queries: [] });
    const put = await api.put(queries(id), { json: { queries: PLANTED_TEST_QUERIES } });
    expect(put.body).toEqual({ queries: PLANTED_TEST_QUERIES });

    const unknown = await api.put(queries(id), {
      json: { queries: [...PLANTED_TEST_QUERIES, { query: 'open a pull request', tool: 'github/create_pull_request' }] },
    });
    expectEnvelope(unknown, 422, 'VALIDATION_FAILED');
    expect(unknown.body.message).toContain('github/create_pull_request');
    const empty = await api.put(queries(id), { json: { queries: [{ query: '   ', tool: 'records/update' }] } });
    expectEnvelope(empty, 422, 'VALIDATION_FAILED');
    expect(empty.text).toContain('a test query needs some text to search by');
    const tooLong = await api.put(queries(id), { json: { queries: [{ query: 'x'.repeat(TEST_QUERY_LIMITS.queryLength + 1), tool: 'records/update' }] } });
    expectEnvelope(tooLong, 422, 'VALIDATION_FAILED');
    const many = Array.from({ length: TEST_QUERY_LIMITS.perProject + 1 }, (_, i) => ({ query: `q${i}`, tool: 'records/update' }));
    const tooMany = await api.put(queries(id), { json: { queries: many } });
    expectEnvelope(tooMany, 422, 'VALIDATION_FAILED');
    expect(tooMany.text).toContain(`at most ${TEST_QUERY_LIMITS.perProject} test queries`);
    const twice = await api.put(queries(id), { json: { queries: [PLANTED_TEST_QUERIES[0], PLANTED_TEST_QUERIES[0]] } });
    expectEnvelope(twice, 422, 'VALIDATION_FAILED');
    expect(twice.text).toContain('listed twice');
    expectEnvelope(await api.put(queries(id), { json: { queries: [{ query: 'x', tool: 'not-canonical' }] } }), 422, 'VALIDATION_FAILED');

    expect((await api.get(queries(id))).body).toEqual({ queries: PLANTED_TEST_QUERIES });
    const trimmed = await api.put(queries(id), { json: { queries: [{ query: '  update a record ', tool: 'records/update' }] } });
    expect(trimmed.body).toEqual({ queries: [{ query: 'update a record', tool: 'records/update' }] });
    expectEnvelope(await api.get(queries('no-such-project')), 404, 'PROJECT_NOT_FOUND');
  });
});

describe('test queries in the project YAML', () => {
  const revision = async (id: string) =>
    (await database.db.select({ revision: projects.surfaceRevision }).from(projects).where(eq(projects.id, id)))[0]!.revision;

  it('exports them, applies them back as written, and makes no surface revision for them', async () => {
    const id = await plantedProject();
    await api.put(queries(id), { json: { queries: PLANTED_TEST_QUERIES } });
    const exported = (await api.get(`/api/projects/${id}/yaml`)).text;
    expect(exported).toContain('  testQueries:\n    - query: send a message to a customer\n      tool: records/send_email\n');

    const before = await revision(id);
    const edited = exported.replace('archive old entries', 'remove an entry for good');
    const applied = await applyYaml(edited);
    expect(applied.status).toBe(200);
    expect(applied.body.projects[0].changes.map((c: { path: string }) => c.path)).toEqual(['spec.testQueries']);
    expect((await api.get(queries(id))).body.queries[1]).toEqual({ query: 'remove an entry for good', tool: 'records/delete_record' });
    expect(await revision(id)).toBe(before);
    expect((await api.get(`/api/projects/${id}/yaml`)).text).toBe(edited);

    // A project made from YAML keeps its test queries, even for a tool its catalog lists only later.
    const name = `${id}-yaml`;
    const made = await applyYaml(`${projectYaml(name)}  testQueries:\n    - query: open a pull request\n      tool: github/create_pull_request\n`);
    expect(made.status).toBe(200);
    expect((await api.get(queries(name))).body).toEqual({ queries: [{ query: 'open a pull request', tool: 'github/create_pull_request' }] });
    expect((await report(name)).body.testQueries).toEqual([
      { query: 'open a pull request', tool: 'github/create_pull_request', status: 'not-in-catalog', rank: null },
    ]);

    const bad = await applyYaml(`${projectYaml(name)}  testQueries:\n    - query: ""\n      tool: github/create_pull_request\n`);
    expect(bad.status).toBe(422);
    expect((await api.get(queries(name))).body.queries).toHaveLength(1);
  });
});
