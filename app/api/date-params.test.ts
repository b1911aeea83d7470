import { describe, expect, it } from 'vitest';
import { api, expectEnvelope } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';

setupTestDatabase();

const cursor = (t: string) => Buffer.from(JSON.stringify({ t, i: 'e1' })).toString('base64url');

/**
 * Dates in a query reach the database as timestamps: one it cannot store (the day after
 * 9999-12-31 ends a window there) was a 500 that logged the SQL. Each is a 400 naming the
 * range, on both databases (§errors).
 */
describe('date parameters out of range', () => {
  it.each([
    ['usage', (id: string) => `/api/projects/${id}/usage?until=`],
    ['suggestions', (id: string) => `/api/projects/${id}/suggestions?until=`],
    ['backtest', (id: string) => `/api/projects/${id}/backtest?until=`],
    ['the usage overview', () => '/api/usage?until='],
  ])('%s: until outside 1970-01-01 … 2999-12-31 is a 400, the edges are answered', async (_name, path) => {
    const id = await createTestProject([], 'dates');
    for (const until of ['9999-12-31', '3000-01-01', '2999-12-31T23:30:00-01:00', '1969-12-31', '1969-12-31T23:59:59Z']) {
      const res = await api.get(`${path(id)}${encodeURIComponent(until)}`);
      expectEnvelope(res, 400, 'INVALID_PARAMETER');
      expect(res.body.message).toContain('until must fall between 1970-01-01 and 2999-12-31');
    }
    for (const until of ['2999-12-31', '1970-01-01', '2999-12-31T23:59:59.999Z']) {
      expect((await api.get(`${path(id)}${until}`)).status).toBe(200);
    }
  });

  it('an events cursor whose instant the database cannot take is a 400, not a 500', async () => {
    const id = await createTestProject([], 'cursor');
    for (const t of ['+275760-09-13T00:00:00.000Z', '0000-01-01T00:00:00.000Z', '1', '2026-02-30T00:00:00.000Z', '2026-11-29']) {
      expectEnvelope(await api.get(`/api/projects/${id}/events?before=${cursor(t)}`), 400, 'INVALID_PARAMETER');
    }
    for (const t of ['9999-12-31T23:59:59.999Z', '0001-01-01T00:00:00.000Z', '2026-11-29T10:00:00.000Z']) {
      expect((await api.get(`/api/projects/${id}/events?before=${cursor(t)}`)).body).toEqual({ events: [], next: null });
    }
  });
});
