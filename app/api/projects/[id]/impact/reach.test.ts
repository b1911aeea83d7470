import { describe, expect, it } from 'vitest';
import type { ImpactReach, ImpactReport, ReachSegment } from '@/lib/contracts/impact';
import { api } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';
import { plantedSessions } from '@/test/planted-traces';

setupTestDatabase();

async function send(id: string, events: object[]) {
  for (let i = 0; i < events.length; i += 1000) {
    const res = await api.post(`/api/projects/${id}/events`, { json: events.slice(i, i + 1000) });
    expect(res.body.rejected).toEqual([]);
  }
}

async function reachOf(id: string): Promise<ImpactReach> {
  const res = await api.get(`/api/projects/${id}/impact`);
  expect(res.status).toBe(200);
  return (res.body as ImpactReport).comparison!.reach;
}

const segment = (reach: ImpactReach, value: string | null, dimension = value === null ? 'all' : 'client'): ReachSegment => {
  const found = reach.segments.find((s) => s.dimension === dimension && s.value === value);
  if (!found) throw new Error(`no reach segment ${dimension}=${value}`);
  return found;
};
const measure = (s: ReachSegment, id: string) => {
  const found = s.measures.find((m) => m.measure === id);
  if (!found) throw new Error(`no measure ${id}`);
  return found;
};

/** The planted difference lies in the interval, and 0 does not (or does, when nothing was planted). */
function expectDifference(result: { difference: { estimate: number; low: number; high: number } | null }, planted: number) {
  const d = result.difference!;
  expect(d.estimate).toBeCloseTo(planted, 6);
  expect(d.low).toBeLessThanOrEqual(planted);
  expect(d.high).toBeGreaterThanOrEqual(planted);
  if (planted === 0) {
    expect(d.low).toBeLessThanOrEqual(0);
    expect(d.high).toBeGreaterThanOrEqual(0);
  } else expect(d.low).toBeGreaterThan(0);
}

/**
 * github/list_issues is called in one session of three before it is pinned; after, every
 * claude-code session calls it (under its slash name, not favourite/: it is judged by the tool
 * a call reached), cursor sessions still one in three. 60 sessions per client and side.
 */
async function plantedPin(effect: boolean) {
  const id = await createTestProject(['github'], 'reach');
  expect((await api.post(`/api/projects/${id}/favourites/pin`, { json: { tool: 'github/list_issues' } })).status).toBe(200);
  const events = plantedSessions({
    revisions: [1, 2],
    clients: ['claude-code', 'cursor'],
    sessionsPerCell: 60,
    calls: (revision, client, s) => {
      const uses = effect && revision === 2 && client === 'claude-code' ? true : s % 3 === 0;
      return ['mcp_find_tools', 'github/get_issue', ...(uses ? ['github/list_issues'] : [])];
    },
    now: Date.now(),
  });
  await send(id, events);
  return id;
}

describe('the reach of the tools a change loaded (GET /api/projects/:id/impact)', () => {
  it('reports a tool used in 1 of 3 sessions before it was pinned and in every claude-code session after, with an interval that holds the planted difference', async () => {
    const reach = await reachOf(await plantedPin(true));
    expect(reach).toMatchObject({ loaded: ['github/list_issues'], deferred: [], toolsLeftOut: 0, since: null });

    const claude = segment(reach, 'claude-code');
    expect(claude).toMatchObject({ enoughData: true, before: { sessions: 60, sampled: 60 }, after: { sessions: 60, sampled: 60 } });
    const loaded = measure(claude, 'loadedByChange');
    expect(loaded).toMatchObject({ before: 1 / 3, after: 1, verdict: 'higher' });
    expectDifference(loaded, 2 / 3);
    // The same figure for the one tool the change loaded.
    expect(claude.tools).toEqual([expect.objectContaining({ tool: 'github/list_issues', change: 'loaded', before: 1 / 3, after: 1, verdict: 'higher' })]);

    // Cursor sessions were planted no change: the interval holds 0.
    const cursor = measure(segment(reach, 'cursor'), 'loadedByChange');
    expect(cursor).toMatchObject({ before: 1 / 3, after: 1 / 3, verdict: 'no-clear-change' });
    expectDifference(cursor, 0);

    // Every session: 1/3 → 2/3.
    const all = segment(reach, null);
    expect(all.before).toEqual({ sessions: 120, sampled: 120 });
    expectDifference(measure(all, 'loadedByChange'), 1 / 3);

    // Session shares: before, no favourites; after, those calling the pinned tool; every session called another catalog tool.
    expect(measure(all, 'usedLoaded')).toMatchObject({ before: 0, after: 2 / 3, verdict: 'higher' });
    expect(measure(all, 'usedDeferred')).toMatchObject({ before: 1, after: 1 });
    expect(all.measures.map((m) => m.measure)).not.toContain('deferredByChange');
  });

  it('finds no change in reach where none was planted', async () => {
    const reach = await reachOf(await plantedPin(false));
    for (const value of [null, 'claude-code', 'cursor']) {
      const result = measure(segment(reach, value), 'loadedByChange');
      expect(result, String(value)).toMatchObject({ before: 1 / 3, after: 1 / 3, verdict: 'no-clear-change' });
      expectDifference(result, 0);
    }
  });

  it('says what an unpin deferred, and "not enough data" below the minimum sessions', async () => {
    const id = await createTestProject(['github'], 'reach-small');
    await api.post(`/api/projects/${id}/favourites/pin`, { json: { tool: 'github/list_issues' } });
    await api.post(`/api/projects/${id}/favourites/unpin`, { json: { tool: 'github/list_issues' } });
    await send(id, plantedSessions({ revisions: [2, 3], clients: ['claude-code'], sessionsPerCell: 10, calls: () => ['github/list_issues'], now: Date.now() }));
    const reach = await reachOf(id);
    expect(reach).toMatchObject({ loaded: [], deferred: ['github/list_issues'] });
    const all = segment(reach, null);
    expect(all).toMatchObject({ enoughData: false, before: { sampled: 10 }, after: { sampled: 10 } });
    expect(all.measures.map((m) => m.measure)).toEqual(['deferredByChange', 'usedLoaded', 'usedDeferred']);
    expect(measure(all, 'deferredByChange')).toMatchObject({ before: 1, after: 1, difference: null, verdict: 'not-enough-data' });
    expect(measure(all, 'usedLoaded')).toMatchObject({ before: 1, after: 0 });

    // A retention shorter than the windows: the sessions still kept are read, and the report says from when.
    expect((await api.patch(`/api/projects/${id}`, { json: { retentionDays: 1 } })).status).toBe(200);
    const kept = await reachOf(id);
    expect(Date.parse(kept.since!)).toBeGreaterThan(Date.now() - 2 * 86_400_000);
    expect(segment(kept, null)).toMatchObject({ before: { sessions: 10, sampled: 10 }, after: { sessions: 10, sampled: 10 } });
  });
});
