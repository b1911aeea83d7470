import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '@/lib/limits';
import { api, expectEnvelope } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject, fixtureCatalog } from '@/test/fixtures';

/** Each limit refuses with the §errors envelope and its status, and leaves what was stored as it was. */
setupTestDatabase();

function nested(depth: number): unknown {
  let value: unknown = {};
  for (let i = 1; i < depth; i++) value = { d: value };
  return value;
}

describe('limits', () => {
  it(`takes JSON ${MAX_JSON_DEPTH} levels deep and refuses one level more with 400 JSON_TOO_DEEP`, async () => {
    const id = await createTestProject(['github']);
    const before = (await api.get(`/api/projects/${id}/catalog/github`)).body;
    const tool = (depth: number) => ({ tools: [{ name: 'deep', inputSchema: nested(depth - 3) }] });
    // The tool list is 3 levels (body, tools, tool) around the schema.
    expect((await api.put(`/api/projects/${id}/catalog/deep-ok`, { json: tool(MAX_JSON_DEPTH) })).status).toBe(201);
    const res = await api.put(`/api/projects/${id}/catalog/github`, { json: tool(MAX_JSON_DEPTH + 1) });
    expectEnvelope(res, 400, 'JSON_TOO_DEEP');
    expect((await api.get(`/api/projects/${id}/catalog/github`)).body).toEqual(before);
  });

  it('refuses a JSON body over its size limit with 413, also when it arrives without a length', async () => {
    const description = 'x'.repeat(1024 * 1024);
    expectEnvelope(await api.post('/api/projects', { json: { id: 'too-big', description } }), 413, 'PAYLOAD_TOO_LARGE');
    const stream = new Blob([JSON.stringify({ id: 'too-big', description })]).stream();
    expectEnvelope(await api.post('/api/projects', { body: stream, headers: { 'content-type': 'application/json' } }), 413, 'PAYLOAD_TOO_LARGE');
    expectEnvelope(await api.get('/api/projects/too-big'), 404, 'PROJECT_NOT_FOUND');
  });

  it('refuses over-long strings with 422 naming the field', async () => {
    const res = await api.post('/api/projects', { json: { id: 'long-text', description: 'x'.repeat(2_001) } });
    expectEnvelope(res, 422, 'VALIDATION_FAILED');
    expect(res.body.details).toEqual([expect.objectContaining({ path: 'description' })]);
    expectEnvelope(await api.get('/api/projects/long-text'), 404, 'PROJECT_NOT_FOUND');
  });

  it('refuses over-long or unstorable path and query parameters with 400 INVALID_PARAMETER', async () => {
    const id = await createTestProject();
    expectEnvelope(await api.get(`/api/projects/${'p'.repeat(1_025)}`), 400, 'INVALID_PARAMETER');
    expectEnvelope(await api.get(`/api/projects/a%00b/catalog`), 400, 'INVALID_PARAMETER');
    expectEnvelope(await api.get(`/api/projects/${id}/events?sessionId=${'s'.repeat(4_097)}`), 400, 'INVALID_PARAMETER');
    expectEnvelope(await api.get(`/api/projects/${id}/events?sessionId=a%00b`), 400, 'INVALID_PARAMETER');
    // Just under the limits is an ordinary answer.
    expectEnvelope(await api.get(`/api/projects/${'p'.repeat(1_024)}`), 404, 'PROJECT_NOT_FOUND');
  });

  it('refuses a catalog over 5,000 tools with 422 and keeps the one in force', async () => {
    const id = await createTestProject(['github']);
    const tools = Array.from({ length: 5_001 }, (_, i) => ({ name: `t${i}` }));
    expectEnvelope(await api.put(`/api/projects/${id}/catalog/github`, { json: { tools } }), 422, 'VALIDATION_FAILED');
    expect((await api.get(`/api/projects/${id}/catalog/github`)).body.toolCount).toBe(fixtureCatalog('github').tools.length);
  });
});
