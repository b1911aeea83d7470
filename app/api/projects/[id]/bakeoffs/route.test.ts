import { describe, expect, it } from 'vitest';
import { insertBakeoffRun } from '@/db/queries/bakeoffs';
import { fromJsonl, toJsonl } from '@/lib/bakeoff/results';
import { BAKEOFF_LIMITS } from '@/lib/limits';
import { api, expectEnvelope } from '@/test/api';
import { bearer, createToken } from '@/test/auth';
import { plantedBakeoff } from '@/test/bakeoff-runs';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';

const t = setupTestDatabase();

const PLAN = { rightFirst: { lazy: 0.4, pinned: 0.8 } };

describe('bake-off runs kept per project', () => {
  it('keeps an uploaded run and measures it as planted: per row target right first time, wander and tool calls, with n and intervals', async () => {
    const id = await createTestProject();
    const upload = { ...plantedBakeoff(PLAN), name: 'pinned against lazy' };
    const res = await api.post(`/api/projects/${id}/bakeoffs`, { json: upload });
    expect(res.status, res.text).toBe(201);
    const run = res.body;
    expect(run).toMatchObject({
      name: 'pinned against lazy',
      createdBy: null,
      tasks: 2,
      presentations: ['lazy', 'pinned'],
      models: ['small-model', 'large-model'],
    });
    // 2 tasks × 2 presentations × 2 models × 5 runs.
    expect(run.cells).toBe(40);
    expect(run.transcripts).toBe(40);
    expect(run.setup).toMatchObject({ taskIds: ['task-1', 'task-2'], metric: 'targetFirst', baseline: 'lazy', proposed: 'pinned', seed: null });
    // Rows in the order the run named them; each over 2 tasks × 5 runs.
    expect(run.table.rows.map((r: { presentation: string; model: string; n: number }) => [r.presentation, r.model, r.n])).toEqual([
      ['lazy', 'small-model', 10],
      ['lazy', 'large-model', 10],
      ['pinned', 'small-model', 10],
      ['pinned', 'large-model', 10],
    ]);
    for (const row of run.table.rows) {
      const share = PLAN.rightFirst[row.presentation as 'lazy' | 'pinned'];
      expect(row.values.targetFirst.estimate).toBeCloseTo(share, 10);
      expect(row.values.targetFirst.low).toBeLessThan(share);
      expect(row.values.targetFirst.high).toBeGreaterThan(share);
      expect(row.values.wander.estimate).toBeCloseTo(1 - share, 10);
      expect(row.values.toolCalls.estimate).toBeCloseTo(2 - share, 10);
      expect(row.values.completed.estimate).toBe(1);
      expect(row.values.wellFormed.estimate).toBe(1);
      // No turn reported cached tokens: undefined, not 0.
      expect(row.values.cachedTokens).toEqual({ estimate: null, low: null, high: null, n: 0 });
      expect(row.classes.ok).toBe(10 * (2 - share));
    }
    // Per model, then over all models: 0.8 − 0.4 over 20 runs a side is clear.
    expect(run.verdicts.map((v: { model: string | null }) => v.model)).toEqual(['small-model', 'large-model', null]);
    const pooled = run.verdicts.at(-1);
    expect(pooled).toMatchObject({ standing: 'beats', clear: true, n: { proposed: 20, baseline: 20 } });
    expect(pooled.difference.estimate).toBeCloseTo(0.4, 10);
    expect(pooled.wording).toMatch(/^pinned beats lazy over all models by 40 ± \d+ points: clear$/);

    const list = await api.get(`/api/projects/${id}/bakeoffs`);
    expect(list.status).toBe(200);
    expect(list.body.runs).toEqual([
      {
        id: run.id,
        name: 'pinned against lazy',
        createdAt: run.createdAt,
        createdBy: null,
        tasks: 2,
        presentations: ['lazy', 'pinned'],
        models: ['small-model', 'large-model'],
        runs: 5,
        cells: 40,
        transcripts: 40,
        verdict: pooled.wording,
      },
    ]);
    expect((await api.get(`/api/projects/${id}/bakeoffs/${run.id}`)).body).toEqual(run);
  });

  it('gives the transcripts back as the JSONL the CLI writes, as an attachment', async () => {
    const id = await createTestProject();
    const upload = plantedBakeoff(PLAN);
    const { body: run } = await api.post(`/api/projects/${id}/bakeoffs`, { json: upload });
    const res = await api.get(`/api/projects/${id}/bakeoffs/${run.id}/transcripts`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${id}-${run.id}.jsonl"`);
    expect(res.text).toBe(toJsonl(upload.transcripts));
    expect(fromJsonl(res.text)).toHaveLength(40);
  });

  it('counts one transcript per cell: an endpoint failure and a repeated cell are kept but not counted', async () => {
    const id = await createTestProject();
    const upload = plantedBakeoff(PLAN);
    const first = upload.transcripts[0]!;
    upload.transcripts.unshift({ ...first, turns: [], calls: [], outcome: 'endpoint_error', error: '503 overloaded' });
    upload.transcripts.push({ ...first, calls: [] });
    const { body: run } = await api.post(`/api/projects/${id}/bakeoffs`, { json: upload });
    expect(run.transcripts).toBe(40);
    expect(run.table.rows[0].values.targetFirst.estimate).toBeCloseTo(0.4, 10);
    expect(fromJsonl((await api.get(`/api/projects/${id}/bakeoffs/${run.id}/transcripts`)).text)).toHaveLength(42);
  });

  it('refuses a transcript outside the run with the field at fault, and keeps nothing of it', async () => {
    const id = await createTestProject();
    const upload = plantedBakeoff(PLAN);
    upload.transcripts[3] = { ...upload.transcripts[3]!, key: { ...upload.transcripts[3]!.key, presentation: 'retrieve' } };
    upload.transcripts[5] = { ...upload.transcripts[5]!, key: { ...upload.transcripts[5]!.key, run: 5 } };
    const res = await api.post(`/api/projects/${id}/bakeoffs`, { json: { ...upload, proposed: 'eager' } });
    expectEnvelope(res, 422, 'VALIDATION_FAILED');
    expect(res.body.details).toEqual([
      { path: 'proposed', message: "no presentation is named 'eager'" },
      { path: 'transcripts[3].key.presentation', message: "'retrieve' is not one of the run's presentations" },
      { path: 'transcripts[5].key.run', message: 'run 5 is past the 5 run(s) per cell' },
    ]);
    expect((await api.get(`/api/projects/${id}/bakeoffs`)).body.runs).toEqual([]);
  });

  it('reads under usage:read, uploads and deletes under bakeoffs:write, and names the token that uploaded', async () => {
    const id = await createTestProject();
    const reader = await createToken(id, ['usage:read']);
    const writer = await createToken(id, ['bakeoffs:write']);
    expectEnvelope(await api.post(`/api/projects/${id}/bakeoffs`, { json: plantedBakeoff(PLAN), headers: bearer(reader.token) }), 403, 'FORBIDDEN');
    const posted = await api.post(`/api/projects/${id}/bakeoffs`, { json: plantedBakeoff(PLAN), headers: bearer(writer.token) });
    expect(posted.status).toBe(201);
    expect(posted.body.createdBy).toBe(writer.name);
    expect((await api.get(`/api/projects/${id}/bakeoffs/${posted.body.id}`, { headers: bearer(reader.token) })).status).toBe(200);
    expectEnvelope(await api.delete(`/api/projects/${id}/bakeoffs/${posted.body.id}`, { headers: bearer(reader.token) }), 403, 'FORBIDDEN');
    expect((await api.delete(`/api/projects/${id}/bakeoffs/${posted.body.id}`, { headers: bearer(writer.token) })).status).toBe(204);
    expectEnvelope(await api.get(`/api/projects/${id}/bakeoffs/${posted.body.id}`), 404, 'BAKEOFF_RUN_NOT_FOUND');
    expectEnvelope(await api.get(`/api/projects/${id}/bakeoffs/${posted.body.id}/transcripts`), 404, 'BAKEOFF_RUN_NOT_FOUND');
    expectEnvelope(await api.delete(`/api/projects/${id}/bakeoffs/${posted.body.id}`), 404, 'BAKEOFF_RUN_NOT_FOUND');
  });

  it(`keeps at most ${BAKEOFF_LIMITS.storedRuns} runs a project, and says which to delete`, async () => {
    const id = await createTestProject();
    const upload = plantedBakeoff({ ...PLAN, tasks: 1, runs: 1, models: ['m'] });
    expect((await api.post(`/api/projects/${id}/bakeoffs`, { json: upload })).status).toBe(201);
    for (let i = 1; i < BAKEOFF_LIMITS.storedRuns; i++) {
      await insertBakeoffRun(t.db, {
        projectId: id,
        id: `run-old-${i}`,
        name: `old ${i}`,
        setup: { ...upload, seed: null, baseline: 'lazy', proposed: 'pinned', schemas: {} },
        transcripts: '',
        transcriptCount: 0,
      });
    }
    const refused = await api.post(`/api/projects/${id}/bakeoffs`, { json: upload });
    expectEnvelope(refused, 409, 'BAKEOFF_LIMIT_REACHED');
    expect(refused.body.suggested_action).toContain('delete runs');
    expect((await api.get(`/api/projects/${id}/bakeoffs`)).body.runs).toHaveLength(BAKEOFF_LIMITS.storedRuns);
    expect((await api.delete(`/api/projects/${id}/bakeoffs/run-old-1`)).status).toBe(204);
    expect((await api.post(`/api/projects/${id}/bakeoffs`, { json: upload })).status).toBe(201);
  });

  it('answers 404 for a project that is not there', async () => {
    expectEnvelope(await api.post('/api/projects/no-such-project/bakeoffs', { json: plantedBakeoff(PLAN) }), 404, 'PROJECT_NOT_FOUND');
    expectEnvelope(await api.get('/api/projects/no-such-project/bakeoffs'), 404, 'PROJECT_NOT_FOUND');
  });
});
