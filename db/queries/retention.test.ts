import { describe, expect, it } from 'vitest';
import { api } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject, event, storedEventCount } from '@/test/fixtures';
import { applyRetention } from './retention';

const t = setupTestDatabase();
const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString();

const rawCount = (projectId: string) => storedEventCount(t.db, projectId);

describe('raw-event retention', () => {
  it('deletes raw events past the retention and keeps their counts in the usage', async () => {
    const id = await createTestProject(['github']);
    const events = [0, 1, 4, 5, 6].map((n) => event(`r${n}`, 'github/list_issues', { timestamp: daysAgo(n), sessionId: `s${n}` }));
    expect((await api.post(`/api/projects/${id}/events`, { json: events })).body.accepted).toBe(5);
    const before = (await api.get(`/api/projects/${id}/usage?window=30d`)).body;
    expect(before.totals.calls).toBe(5);

    await api.patch(`/api/projects/${id}`, { json: { retentionDays: 3 } });
    const [result] = (await applyRetention(t.db)).filter((r) => r.projectId === id);
    if (!result) throw new Error(`retention did not visit project '${id}'`);
    expect(result.deletedEvents).toBe(3);
    expect(await rawCount(id)).toBe(2);
    expect((await api.get(`/api/projects/${id}/events`)).body.events.map((e: { id: string }) => e.id).sort()).toEqual(['r0', 'r1']);

    // The rollup is the long-term record: the window still counts every call.
    const after = (await api.get(`/api/projects/${id}/usage?window=30d`)).body;
    expect(after.totals).toEqual(before.totals);
    expect(after.rows[0]).toMatchObject({ tool: 'github/list_issues', calls: 5 });

    // A second round finds nothing more to do.
    expect((await applyRetention(t.db)).find((r) => r.projectId === id)?.deletedEvents).toBe(0);
  });

  it('refuses events older than the retention, by index, and stores the rest', async () => {
    const id = await createTestProject(['github']);
    await api.patch(`/api/projects/${id}`, { json: { retentionDays: 2 } });
    const res = await api.post(`/api/projects/${id}/events`, {
      json: [event('new', 'github/list_issues', { timestamp: daysAgo(0) }), event('old', 'github/list_issues', { timestamp: daysAgo(5) })],
    });
    expect(res.body).toEqual({
      accepted: 1,
      duplicates: 0,
      rejected: [{ index: 1, error_code: 'OLDER_THAN_RETENTION', message: expect.stringMatching(/keeps raw events for 2 days/) }],
    });
    expect(await rawCount(id)).toBe(1);
  });

  it('leaves projects without a retention alone', async () => {
    const id = await createTestProject(['github']);
    await api.post(`/api/projects/${id}/events`, { json: [event('ancient', 'github/list_issues', { timestamp: daysAgo(400) })] });
    await applyRetention(t.db);
    expect(await rawCount(id)).toBe(1);
  });
});
