import { describe, expect, it } from 'vitest';
import type { BacktestReport } from '@/lib/contracts/backtest';
import { api, expectEnvelope } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';
import { dailyCalls } from '@/test/planted-traces';

setupTestDatabase();

describe('GET /api/projects/:id/backtest', () => {
  it('scores the rule, the pinned favourites and the best K on each week, and answers how many and how often', async () => {
    const id = await createTestProject(['github']);
    // The train week leads with get_issue; the habit holds in week 1 and moves to list_issues in week 2.
    const events = [
      ...dailyCalls(20, 14, { 'github/get_issue': 3, 'github/list_issues': 1 }),
      ...dailyCalls(13, 7, { 'github/get_issue': 2, 'github/list_issues': 1 }),
      ...dailyCalls(6, 0, { 'github/list_issues': 3, 'github/get_issue': 1 }),
    ];
    expect((await api.post(`/api/projects/${id}/events`, { json: events })).body.accepted).toBe(events.length);
    const res = await api.get(`/api/projects/${id}/backtest?weeks=2&train=7d&k=1`);
    expect(res.status).toBe(200);
    const report = res.body as BacktestReport;
    expect(report).toMatchObject({ project: id, k: 1, trainDays: 7 });
    const [first, second] = report.weeks;
    expect(first).toMatchObject({ calls: 21, suggested: { tools: ['github/get_issue'], caught: 14 }, best: { tools: ['github/get_issue'], caught: 14 } });
    expect(second).toMatchObject({ calls: 28, suggested: { tools: ['github/get_issue'], caught: 7 }, best: { tools: ['github/list_issues'], caught: 21 } });
    // The events are older than the project: its first favourites (none) were in force.
    expect(second!.pinned).toMatchObject({ tools: [], caught: 0, version: 1 });
    expect(report.summary).toEqual({ calls: 49, suggested: 21 / 49, pinned: 0, best: 35 / 49 });
    expect(report.curve).toHaveLength(2);
    expect(report.curve[1]).toEqual({ k: 2, suggested: 1, best: 1 });
    expect(report.refresh.map((r) => r.ageWeeks)).toEqual([1, 2]);
    expect(report.recommendation.text).toContain('43%');
  });

  it('shows as many weeks as the calls reach back unless asked for more', async () => {
    const id = await createTestProject(['github']);
    // Calls from 16 days ago until today: three weeks, the oldest with two days of them.
    const events = dailyCalls(16, 0, { 'github/get_issue': 1 });
    expect((await api.post(`/api/projects/${id}/events`, { json: events })).body.accepted).toBe(events.length);
    const byData = (await api.get(`/api/projects/${id}/backtest`)).body as BacktestReport;
    expect(byData.weeks).toHaveLength(3);
    expect(byData.weeksOfCalls).toBe(3);
    expect(byData.weeks.every((w) => w.calls > 0)).toBe(true);
    const asked = (await api.get(`/api/projects/${id}/backtest?weeks=8`)).body as BacktestReport;
    expect(asked.weeks).toHaveLength(8);
    expect(asked.weeksOfCalls).toBe(3);
    // A project without calls gets one week.
    const empty = (await api.get(`/api/projects/${await createTestProject()}/backtest`)).body as BacktestReport;
    expect(empty.weeks).toHaveLength(1);
  });

  it('refuses weeks, train windows and K out of range', async () => {
    const id = await createTestProject();
    expectEnvelope(await api.get(`/api/projects/${id}/backtest?weeks=53`), 400, 'INVALID_PARAMETER');
    expectEnvelope(await api.get(`/api/projects/${id}/backtest?train=91d`), 400, 'INVALID_PARAMETER');
    expectEnvelope(await api.get(`/api/projects/${id}/backtest?k=0`), 400, 'INVALID_PARAMETER');
    expectEnvelope(await api.get('/api/projects/nope/backtest'), 404, 'PROJECT_NOT_FOUND');
  });
});
