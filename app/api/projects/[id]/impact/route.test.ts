import { describe, expect, it } from 'vitest';
import type { ImpactReport, ImpactSegment } from '@/lib/contracts/impact';
import { api, expectEnvelope } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';
import { plantedMetaDrop, plantedTraces } from '@/test/planted-traces';

setupTestDatabase();

async function send(id: string, events: object[]) {
  for (let i = 0; i < events.length; i += 1000) {
    const res = await api.post(`/api/projects/${id}/events`, { json: events.slice(i, i + 1000) });
    expect(res.body.rejected).toEqual([]);
  }
}

const segment = (report: ImpactReport, dimension: string, value: string | null): ImpactSegment => {
  const found = report.comparison?.segments.find((s) => s.dimension === dimension && s.value === value);
  if (!found) throw new Error(`no segment ${dimension}=${value}`);
  return found;
};
const measure = (s: ImpactSegment, id: string) => s.measures.find((m) => m.measure === id)!;

/** A project at revision 3 (two pins), with sessions under each revision; after revision 3, model-a wanders 40% less. */
async function plantedProject() {
  const id = await createTestProject(['github'], 'impact');
  await api.post(`/api/projects/${id}/favourites/pin`, { json: { tool: 'github/create_issue' } });
  await api.post(`/api/projects/${id}/favourites/pin`, { json: { tool: 'github/list_issues' } });
  const events = plantedMetaDrop();
  await send(id, events);
  return id;
}

describe('GET /api/projects/:id/impact', () => {
  let id: string;

  it('reports a planted 40% drop in meta calls per session for one model after revision 3, within its interval, and none for the other', async () => {
    id = await plantedProject();
    const res = await api.get(`/api/projects/${id}/impact?revision=3`);
    expect(res.status).toBe(200);
    const report = res.body as ImpactReport;
    expect(report.comparison).toMatchObject({ revision: 3, baseline: 2, minSessions: 30, replicates: 1000, confidence: 0.95 });
    expect(report.comparison!.description).toBe('favourites: pinned github/list_issues');

    const a = measure(segment(report, 'model', 'model-a'), 'metaPerSession');
    expect(a.verdict).toBe('lower');
    expect(a.relative!.low).toBeLessThan(-0.4);
    expect(a.relative!.high).toBeGreaterThan(-0.4);
    expect(a.relative!.high).toBeLessThan(0);
    const b = measure(segment(report, 'model', 'model-b'), 'metaPerSession');
    expect(b.verdict).toBe('no-clear-change');
    expect(b.relative!.low).toBeLessThan(0);
    expect(b.relative!.high).toBeGreaterThan(0);
    // Every session together moved too (half of them did), and the sample sizes are there.
    expect(measure(segment(report, 'all', null), 'metaPerSession').verdict).toBe('lower');
    expect(segment(report, 'model', 'model-a').before.sessions).toBe(120);
    expect(segment(report, 'all', null).after.sessions).toBe(240);
    expect(segment(report, 'client', 'planted-client').enoughData).toBe(true);
  });

  it('reports no effect on the change where none was planted, and finds the same change by favourites version', async () => {
    const report = (await api.get(`/api/projects/${id}/impact?revision=2`)).body as ImpactReport;
    for (const model of ['model-a', 'model-b']) {
      const m = measure(segment(report, 'model', model), 'metaPerSession');
      expect(m.verdict, model).toBe('no-clear-change');
      expect(m.relative!.low).toBeLessThan(0);
      expect(m.relative!.high).toBeGreaterThan(0);
    }
    const byVersion = (await api.get(`/api/projects/${id}/impact?favouritesVersion=3`)).body as ImpactReport;
    expect(byVersion.comparison).toEqual((await api.get(`/api/projects/${id}/impact?revision=3`)).body.comparison);
    // Without a revision: the latest.
    expect((await api.get(`/api/projects/${id}/impact`)).body.comparison.revision).toBe(3);
  });

  it('lists the revisions with what changed and the calls made under each', async () => {
    const report = (await api.get(`/api/projects/${id}/impact`)).body as ImpactReport;
    expect(report.currentRevision).toBe(3);
    expect(report.revisions.map((r) => [r.revision, r.changed, r.description])).toEqual([
      [1, ['created'], 'created in mode favourites first'],
      [2, ['favourites'], 'favourites: pinned github/create_issue'],
      [3, ['favourites'], 'favourites: pinned github/list_issues'],
    ]);
    expect(report.revisions.map((r) => r.totals.sessions)).toEqual([240, 240, 240]);
    expect(report.revisions[2]!.totals.metaCalls).toBeLessThan(report.revisions[1]!.totals.metaCalls);
  });

  it('says "not enough data" below the minimum, with the sample sizes', async () => {
    const small = await createTestProject(['github'], 'impact-small');
    await api.post(`/api/projects/${small}/favourites/pin`, { json: { tool: 'github/create_issue' } });
    await send(
      small,
      plantedTraces({
        revisions: [1, 2],
        models: ['m'],
        sessionsPerCell: 8,
        metaMean: () => 2,
        tools: ['github/get_issue', 'github/create_issue'],
        now: Date.now(),
      }),
    );
    const report = (await api.get(`/api/projects/${small}/impact`)).body as ImpactReport;
    const all = segment(report, 'all', null);
    expect(all).toMatchObject({ enoughData: false, before: { sessions: 8 }, after: { sessions: 8 } });
    expect(all.measures.every((m) => m.verdict === 'not-enough-data' && m.difference === null)).toBe(true);
    // A project with only its first revision has nothing to compare.
    const fresh = await createTestProject();
    expect((await api.get(`/api/projects/${fresh}/impact`)).body).toMatchObject({ currentRevision: 1, comparison: null });
  });

  it('refuses a revision the project does not have, a baseline that is not earlier, and bad parameters', async () => {
    expectEnvelope(await api.get(`/api/projects/${id}/impact?revision=9`), 404, 'REVISION_NOT_FOUND');
    expectEnvelope(await api.get(`/api/projects/${id}/impact?favouritesVersion=9`), 404, 'REVISION_NOT_FOUND');
    expectEnvelope(await api.get(`/api/projects/${id}/impact?revision=3&baseline=3`), 400, 'INVALID_PARAMETER');
    expectEnvelope(await api.get(`/api/projects/${id}/impact?revision=3&favouritesVersion=3`), 400, 'INVALID_PARAMETER');
    expectEnvelope(await api.get(`/api/projects/${id}/impact?window=0d`), 400, 'INVALID_PARAMETER');
    expectEnvelope(await api.get('/api/projects/no-such-project/impact'), 404, 'PROJECT_NOT_FOUND');
    // An explicit baseline further back works.
    expect((await api.get(`/api/projects/${id}/impact?revision=3&baseline=1`)).body.comparison.baseline).toBe(1);
  });
});
