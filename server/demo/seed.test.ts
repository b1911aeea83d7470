import { describe, expect, it } from 'vitest';
import { FAILURE_CLASSES } from '@/lib/arguments/classes';
import { argumentUsageSchema } from '@/lib/contracts/arguments';
import { eventListSchema } from '@/lib/contracts/events';
import { impactReport } from '@/server/impact/impact';
import { api } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { DEMO_SERVERS } from '@/lib/demo/catalogs';
import { demoBakeoff } from '@/lib/demo/bakeoff';
import { seedDemo } from './seed';

const t = setupTestDatabase();

describe('the demo project', () => {
  it('names its tools safely: every client and OpenAI take its favindex list, and its traces resolve', async () => {
    const seeded = await seedDemo(t.app, { projectId: 'demo-safe', days: 2 });
    expect(seeded.created).toBe(true);
    const project = (await api.get('/api/projects/demo-safe')).body;
    expect(project.surface).toMatchObject({ mode: 'favindex', target: 'openai', naming: 'safe', serverKey: 'favindex' });
    for (const client of ['raw', 'claude-code', 'claude-desktop', 'codex', 'vscode-copilot', 'copilot-cli']) {
      const preview = await api.get(`/api/projects/demo-safe/preview?mode=favindex&detail=names&client=${client}`);
      expect(preview.body.modes[0], client).toMatchObject({ refused: { client: 0, provider: 0 }, requestRefused: null });
    }
    const surface = await api.get('/api/projects/demo-safe/surface');
    expect(Object.keys(surface.body.names).every((name) => /^(fav|all)_[A-Za-z0-9_-]+$/.test(name))).toBe(true);
    expect(surface.body.instruction).toContain('Prefer the fav_ tools');
    // The traces name tools as the proxy presents them (fav_…, all_…) and as Claude Code does (mcp__favindex__…): all resolve.
    const events = await api.get('/api/projects/demo-safe/events?limit=500');
    const safe = events.body.events.filter((e: { tool: string }) => /^(mcp__favindex__)?(fav|all)_/.test(e.tool));
    expect(safe.some((e: { tool: string }) => e.tool.startsWith('mcp__favindex__fav_'))).toBe(true);
    expect(safe.filter((e: { kind: string }) => e.kind !== 'tool')).toEqual([]);
  });

  it('keeps a bake-off run of its own tools, labelled as generated, for the Bake-off tab to show', async () => {
    await seedDemo(t.app, { projectId: 'demo-bakeoff', days: 1 });
    const { runs } = (await api.get('/api/projects/demo-bakeoff/bakeoffs')).body;
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      tasks: 3,
      presentations: ['eager', 'favindex'],
      models: ['demo-small', 'demo-large'],
      runs: 10,
      cells: 120,
      transcripts: 120,
    });
    expect(runs[0].name).toContain('no model was called');
    expect(runs[0].verdict).toMatch(/^favindex beats eager over all models by \d+ ± \d+ points: clear$/);
    const run = (await api.get(`/api/projects/demo-bakeoff/bakeoffs/${runs[0].id}`)).body;
    expect(run.setup.taskIds).toEqual(['demo-1', 'demo-2', 'demo-3']);
    expect(run.table.rows.map((r: { presentation: string; model: string; n: number }) => `${r.presentation} × ${r.model}: ${r.n}`)).toEqual([
      'eager × demo-small: 30',
      'eager × demo-large: 30',
      'favindex × demo-small: 30',
      'favindex × demo-large: 30',
    ]);
    // The small model leaves out required keys more often: the failure classes have something to show.
    const missing = (model: string) =>
      run.table.rows
        .filter((r: { model: string }) => r.model === model)
        .reduce((sum: number, r: { classes: Record<string, number> }) => sum + r.classes.missing_required!, 0);
    expect(missing('demo-small')).toBeGreaterThan(missing('demo-large'));
    // Its tasks call tools the demo's catalog has: the preview of every tool lists each target.
    const listed = (await api.get('/api/projects/demo-bakeoff/preview?mode=eager&detail=names')).body.modes[0].tools.map(
      (t: { canonical: string }) => t.canonical,
    );
    for (const task of demoBakeoff(DEMO_SERVERS).tasks) expect(listed).toContain(task.target);
  });

  it('shows a real effect on the Impact tab, whatever day of the week it is seeded on: clients shown the favourites wander less after the last change, the others do not', async () => {
    // Weekends have fewer sessions, so each of the seven weekdays tells the story with other
    // numbers; the hour does not matter (lib/demo/generate.test.ts). The story is the generator's,
    // the SQL under it the same each day: a run with both databases seeds the seven days on
    // PostgreSQL, 2.5x faster at it, and today on PGlite (seven took PGlite 47 s).
    const weekdays = t.kind === 'postgres' || !process.env.DATABASE_URL ? 7 : 1;
    for (let daysBack = 0; daysBack < weekdays; daysBack++) {
      const projectId = `demo-impact-${daysBack}`;
      const started = performance.now();
      const seeded = await seedDemo(t.app, { projectId, now: Date.now() - daysBack * 86_400_000 });
      if (daysBack === 0) console.log(`[demo] seeded ${seeded.events} events in ${Math.round(performance.now() - started)} ms`);
      expect(seeded.created).toBe(true);

      const report = await impactReport(t.db, projectId, { window: 14 });
      expect(report.revisions.map((r) => r.changed)).toEqual([['created'], ['favourites'], ['favourites']]);
      const comparison = report.comparison!;
      expect(comparison.revision).toBe(3);
      const of = (dimension: string, value: string) => comparison.segments.find((s) => s.dimension === dimension && s.value === value)!;
      const meta = (dimension: string, value: string) => of(dimension, value).measures.find((m) => m.measure === 'metaPerSession')!;
      const seededOn = `seeded ${daysBack} days ago`;
      expect(meta('client', 'claude-code').verdict, seededOn).toBe('lower');
      expect(meta('client', 'claude-code').relative!.estimate, seededOn).toBeLessThan(-0.2);
      // The clients that were not shown the favourites, with enough sessions for a narrow interval
      // (custom-agent's 7% of sessions give intervals some 0.8 wide, where a 95% interval misses
      // now and then by chance, as it would on real traffic).
      for (const unchanged of ['cursor', 'goose']) {
        expect(meta('client', unchanged).verdict, `${unchanged}, ${seededOn}`).toBe('no-clear-change');
      }
      expect(of('client', 'cursor').enoughData).toBe(true);
    }
  }, 120_000);

  it('carries arguments, so its calls are checked: the Usage tab ranks the tools models get wrong, with the keys they stood for', async () => {
    await seedDemo(t.app, { projectId: 'demo-arguments', days: 7 });
    const events = eventListSchema.parse((await api.get('/api/projects/demo-arguments/events?limit=500')).body).events;
    const classes = new Set(events.flatMap((e) => e.failureClasses));
    for (const found of ['ok', 'unexpected_param', 'missing_required', 'type_error']) expect(classes, found).toContain(found);
    // Every client but the two whose traces leave arguments out: more than half the calls.
    expect(events.filter((e) => e.argumentProblems !== null).length).toBeGreaterThan(events.length / 3);

    const res = await api.get('/api/projects/demo-arguments/usage/arguments?window=7d');
    expect(res.status, res.text).toBe(200);
    const usage = argumentUsageSchema.parse(res.body);
    expect(usage.checks).toBe('observe');
    expect(usage.totals.wellFormed).toBeLessThan(usage.totals.checked);
    expect(usage.totals.wellFormed / usage.totals.checked).toBeGreaterThan(0.9);
    const wrongKeyed = usage.tools.filter((tool) => tool.classes.unexpected_param > 0 && tool.wrongKeys.length > 0);
    expect(wrongKeyed.length).toBeGreaterThan(0);
    expect(usage.wrongKeys.some((k) => k.suggestion !== null)).toBe(true);
    // Worst first: the first tool's share of well-formed calls is the lowest.
    const rates = usage.tools.map((tool) => tool.wellFormedRate ?? 1);
    expect(rates[0]).toBe(Math.min(...rates));
    expect(Object.keys(usage.totals.classes).sort()).toEqual([...FAILURE_CLASSES].sort());
  });
});
