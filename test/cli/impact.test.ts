import { describe, expect, it } from 'vitest';
import { impactReportSchema } from '@/lib/contracts/impact';
import { plantedTraces } from '@/test/planted-traces';
import { cliServer } from './run-cli';

/** `favindex impact` end to end against the built server, on traces with a planted effect. */
const cli = cliServer('cli-impact');
const favindex = cli.favindex;
const { api } = cli;

/** A project at revision 3; after it, model-a makes meta calls at `after` per session on average instead of 2.5. */
async function planted(id: string, after: number): Promise<void> {
  expect((await api('POST', '/api/projects', { id })).status).toBe(201);
  expect((await api('PUT', `/api/projects/${id}/catalog/github`, { tools: [{ name: 'get_issue', inputSchema: { type: 'object' } }] })).status).toBe(201);
  for (const tool of ['github/get_issue', 'github/other']) expect((await api('POST', `/api/projects/${id}/favourites/pin`, { tool })).status).toBe(200);
  const events = plantedTraces({
    revisions: [2, 3],
    models: ['model-a', 'model-b'],
    sessionsPerCell: 100,
    metaMean: (revision, model) => (revision === 3 && model === 'model-a' ? after : 2.5),
    tools: ['github/get_issue', 'favourite/get_issue', 'github/get_issue'],
    now: Date.now(),
    seed: 3,
  });
  for (let i = 0; i < events.length; i += 1000) expect((await api('POST', `/api/projects/${id}/events`, events.slice(i, i + 1000))).status).toBe(200);
}

describe('favindex impact', () => {
  it('prints every measure with its interval, and the planted drop for the model it was planted in', async () => {
    await planted('cli-impact', 1.5);
    const out = await favindex(['impact', '-p', 'cli-impact', '--favourites-version', '3']);
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('Impact of r3 on cli-impact: favourites: pinned github/other');
    expect(out.stdout).toMatch(/Every session \(200 before, 200 after\)/);
    expect(out.stdout).toMatch(/^model model-a\s+100 → 100\s+.*lower \(better\)$/m);
    expect(out.stdout).toMatch(/^model model-b\s+100 → 100\s+.*no clear change$/m);

    const json = await favindex(['impact', '-p', 'cli-impact', '--json', '--fail-on-worse']);
    expect(json.code).toBe(0);
    const report = impactReportSchema.parse(JSON.parse(json.stdout));
    expect(report.comparison?.revision).toBe(3);

    const backtest = await favindex(['impact', '-p', 'cli-impact', '--backtest', '--weeks', '2']);
    expect(backtest.code).toBe(0);
    expect(backtest.stdout).toContain('Backtest of cli-impact: 15 favourites');
  });

  it('exits 6 with --fail-on-worse when the change made a measure of every session worse, and 1 for a revision that does not exist', async () => {
    await planted('cli-worse', 4.5);
    const worse = await favindex(['impact', '-p', 'cli-worse', '--fail-on-worse']);
    expect(worse.code).toBe(6);
    expect(worse.stderr).toContain('r3 made it worse: ');
    expect(worse.stderr).toContain('metaPerSession');
    // Without the flag the same answer is just a report.
    expect((await favindex(['impact', '-p', 'cli-worse'])).code).toBe(0);
    const missing = await favindex(['impact', '-p', 'cli-worse', '--revision', '99', '--json']);
    expect(missing.code).toBe(1);
    expect(JSON.parse(missing.stderr)).toMatchObject({ exit_code: 1, error_code: 'REVISION_NOT_FOUND' });
  });
});
