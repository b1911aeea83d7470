import { describe, expect, it } from 'vitest';
import { api, expectEnvelope, ndjson } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { event } from '@/test/fixtures';

setupTestDatabase();

describe('projects API', () => {
  it('creates, lists, reads, updates and deletes a project', async () => {
    const created = await api.post('/api/projects', { json: { id: 'team-agent', description: 'Our agent' } });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe('/api/projects/team-agent');
    expect(created.body).toMatchObject({ id: 'team-agent', description: 'Our agent', surface: { mode: 'favindex', target: 'openai' } });

    const list = await api.get('/api/projects');
    expect(list.body.projects.map((p: { id: string }) => p.id)).toContain('team-agent');

    const updated = await api.patch('/api/projects/team-agent', { json: { description: 'Renamed', retentionDays: 90 } });
    expect(updated.status).toBe(200);
    expect((await api.get('/api/projects/team-agent')).body).toMatchObject({ description: 'Renamed', retentionDays: 90 });

    await api.post('/api/projects/team-agent/events', {
      body: ndjson([event('e1', 'begin_session')]),
      headers: { 'content-type': 'application/x-ndjson' },
    });
    expect((await api.delete('/api/projects/team-agent')).status).toBe(204);
    expectEnvelope(await api.get('/api/projects/team-agent'), 404, 'PROJECT_NOT_FOUND');
    // Its events went with it: a new project of the same name starts empty.
    await api.post('/api/projects', { json: { id: 'team-agent' } });
    expect((await api.get('/api/projects/team-agent/events')).body.events).toEqual([]);
  });

  it('records where a project was made as the first entry of its favourites history', async () => {
    await api.post('/api/projects', { json: { id: 'from-ui' }, headers: { 'x-favindex-via': 'ui' } });
    await api.post('/api/projects', { json: { id: 'from-api' } });
    const firstVia = async (id: string) => (await api.get(`/api/projects/${id}/favourites/history`)).body.changes.at(-1).via;
    expect(await firstVia('from-ui')).toBe('ui');
    expect(await firstVia('from-api')).toBe('api');
    expectEnvelope(await api.post('/api/projects', { json: { id: 'from-x' }, headers: { 'x-favindex-via': 'fax' } }), 400, 'MALFORMED_REQUEST');
    expectEnvelope(await api.get('/api/projects/from-x'), 404, 'PROJECT_NOT_FOUND');
  });

  it('refuses a duplicate id with 409 and keeps the first project', async () => {
    await api.post('/api/projects', { json: { id: 'dup', description: 'first' } });
    expectEnvelope(await api.post('/api/projects', { json: { id: 'dup', description: 'second' } }), 409, 'PROJECT_EXISTS');
    expect((await api.get('/api/projects/dup')).body.description).toBe('first');
  });

  it('names what is wrong with a bad body, and stores nothing', async () => {
    const res = await api.post('/api/projects', { json: { id: 'Not A Slug!', surface: { mode: 'sideways' } } });
    expectEnvelope(res, 422, 'VALIDATION_FAILED');
    expect(res.body.details.map((d: { path: string }) => d.path)).toEqual(expect.arrayContaining(['id', 'surface.mode']));
    expect((await api.get('/api/projects')).body.projects.map((p: { id: string }) => p.id)).not.toContain('Not A Slug!');
  });

  it('answers malformed JSON with 400, a wrong media type with 415, unknown routes with 404', async () => {
    expectEnvelope(await api.post('/api/projects', { body: '{"id": ', headers: { 'content-type': 'application/json' } }), 400, 'MALFORMED_REQUEST');
    expectEnvelope(await api.post('/api/projects', { body: 'id=x', headers: { 'content-type': 'text/plain' } }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectEnvelope(await api.get('/api/nothing/here'), 404, 'NOT_FOUND');
    expectEnvelope(await api.patch('/api/projects/ghost', { json: { description: 'x' } }), 404, 'PROJECT_NOT_FOUND');
  });

  it('refuses strings the database cannot store instead of failing with a 500', async () => {
    const res = await api.post('/api/projects', { json: { id: 'nul', description: 'a\u0000b' } });
    expectEnvelope(res, 422, 'VALIDATION_FAILED');
    expect(res.body.message).toMatch(/description/);
  });
});
