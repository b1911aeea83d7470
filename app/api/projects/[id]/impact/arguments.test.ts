import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { impactReportSchema, type ImpactReport, type ImpactSegment } from '@/lib/contracts/impact';
import { seededRandom } from '@/lib/stats/random';
import { api } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';

const t = setupTestDatabase();

const DAY_MS = 86_400_000;
const runReport = (description: string) => ({
  tools: [
    {
      name: 'run_report',
      description,
      inputSchema: { type: 'object', properties: { startDate: { type: 'string', format: 'date' } }, required: ['startDate'] },
    },
  ],
});

/**
 * Sessions of 4 calls to reports/run_report, from another proxy that sends the arguments (ingest
 * checks them): a call sends `start` instead of `startDate` (an unexpected key and a missing
 * required one: not well-formed, and the server fails it) with probability `wrong`.
 */
function sessions(side: string, model: string, n: number, wrong: number, from: number, to: number, rand: () => number) {
  return Array.from({ length: n }, (_, s) => {
    const start = from + Math.floor(rand() * (to - from));
    return Array.from({ length: 4 }, (_, c) => {
      const bad = rand() < wrong;
      return {
        id: `${side}-${model}-${s}-${c}`,
        timestamp: new Date(start + c * 60_000).toISOString(),
        tool: 'reports__run_report',
        canonical: 'reports/run_report',
        arguments: bad ? { start: '2026-01-01' } : { startDate: '2026-01-01' },
        status: bad ? 'error' : 'ok',
        sessionId: `${side}-${model}-${s}`,
        model,
        client: 'planted-client',
      };
    });
  }).flat();
}

const segment = (report: ImpactReport, dimension: string, value: string | null): ImpactSegment => {
  const found = report.comparison?.segments.find((s) => s.dimension === dimension && s.value === value);
  if (!found) throw new Error(`no segment ${dimension}=${value}`);
  return found;
};
const measure = (s: ImpactSegment, id: string) => s.measures.find((m) => m.measure === id)!;

describe('Impact judges a change of tool descriptions (§impact, §arguments)', () => {
  it('records a new tools/list as a catalog revision, and reports a planted rise in well-formed calls within its interval', async () => {
    const id = await createTestProject([], 'wellformed');
    expect((await api.put(`/api/projects/${id}/catalog/reports`, { json: runReport('The sales report') })).status).toBe(201);
    // The description now says what the key is called: a new catalog version, and revision 2.
    const fixed = runReport('The sales report from startDate (YYYY-MM-DD), the key is startDate');
    expect((await api.put(`/api/projects/${id}/catalog/reports`, { json: fixed })).body).toMatchObject({ changed: true, version: 2 });
    // The same list again changes nothing, so it is no revision.
    expect((await api.put(`/api/projects/${id}/catalog/reports`, { json: fixed })).body).toMatchObject({ changed: false, version: 2 });

    // The project and its first catalog from 20 days ago, the fix from 5 days ago.
    const now = Date.now();
    const fixAt = now - 5 * DAY_MS;
    await t.db.execute(
      sql`update surface_revisions set at = ${new Date(now - 20 * DAY_MS).toISOString()}::timestamptz where project_id = ${id} and revision = 1`,
    );
    await t.db.execute(sql`update surface_revisions set at = ${new Date(fixAt).toISOString()}::timestamptz where project_id = ${id} and revision = 2`);
    await t.db.execute(
      sql`update catalog_versions set created_at = ${new Date(now - 20 * DAY_MS).toISOString()}::timestamptz where project_id = ${id} and version = 1`,
    );
    await t.db.execute(sql`update catalog_versions set created_at = ${new Date(fixAt).toISOString()}::timestamptz where project_id = ${id} and version = 2`);

    // model-a sends the wrong key in 40% of its calls before the fix and 5% after; model-b in 5% throughout.
    const rand = seededRandom(35);
    const hour = 3_600_000;
    const events = [
      ...sessions('before', 'model-a', 200, 0.4, fixAt - 12 * DAY_MS, fixAt - hour, rand),
      ...sessions('after', 'model-a', 200, 0.05, fixAt + hour, now - hour, rand),
      ...sessions('before', 'model-b', 100, 0.05, fixAt - 12 * DAY_MS, fixAt - hour, rand),
      ...sessions('after', 'model-b', 100, 0.05, fixAt + hour, now - hour, rand),
    ];
    for (let i = 0; i < events.length; i += 1000) {
      const res = await api.post(`/api/projects/${id}/events`, { json: events.slice(i, i + 1000) });
      expect(res.body.rejected).toEqual([]);
    }

    const res = await api.get(`/api/projects/${id}/impact?revision=2`);
    expect(res.status).toBe(200);
    const report = impactReportSchema.parse(res.body);
    expect(report.revisions.map((r) => r.changed)).toEqual([['created'], ['catalog']]);
    expect(report.revisions[1]).toMatchObject({ via: 'api', description: 'catalog: reports changed' });
    expect(report.comparison).toMatchObject({ revision: 2, baseline: 1, description: 'catalog: reports changed' });

    const a = segment(report, 'model', 'model-a');
    expect(a.before.sessions).toBe(200);
    expect(a.after.sessions).toBe(200);
    for (const id of ['wellFormedRate', 'firstCallRight']) {
      const m = measure(a, id);
      console.log(`[planted] model-a ${id}: ${m.before?.toFixed(3)} → ${m.after?.toFixed(3)}, difference ${JSON.stringify(m.difference)}`);
      expect(m.before, id).toBeCloseTo(0.6, 1);
      expect(m.after, id).toBeCloseTo(0.95, 1);
      expect(m.verdict, id).toBe('higher');
      expect(m.difference!.low, id).toBeLessThan(0.35);
      expect(m.difference!.high, id).toBeGreaterThan(0.35);
      expect(m.difference!.low, id).toBeGreaterThan(0);
    }
    // The error rate fell with it; model-b, where nothing was planted, shows no change.
    expect(measure(a, 'errorRate').verdict).toBe('lower');
    const b = measure(segment(report, 'model', 'model-b'), 'wellFormedRate');
    expect(b.verdict).toBe('no-clear-change');
    expect(b.difference!.low).toBeLessThan(0);
    expect(b.difference!.high).toBeGreaterThan(0);
  });
});
