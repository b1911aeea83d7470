import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CELL_HEADER } from '@/cli/bakeoff/run-cell';
import type { Io } from '@/cli/output';
import { runCli } from '@/cli/run';
import { fromJsonl } from '@/lib/bakeoff/results';
import { serialiseBakeoffTasks } from '@/lib/bakeoff/tasks';
import { api } from '@/test/api';
import { setupTestDatabase } from '@/test/database';
import { createTestProject } from '@/test/fixtures';
import { startRouteServer } from '@/test/route-server';
import { figuresByHand, ROUTERS_TASKS } from '@/test/routers-bakeoff';
import { ROUTERS, ROUTERS_SERVERS } from '@/test/routers-tracker';
import { ScriptedModel } from '@/test/scripted-model';

/**
 * `favindex bakeoff` with routers presentations end to end (§bakeoff, issue #49): the command in
 * this process, favindex's own routes on the test database (the project's catalog and stored
 * routers, its previews, the upload and the run measured again), and a scripted model.
 */
setupTestDatabase();

const RUNS = 10;
let routes: Awaited<ReturnType<typeof startRouteServer>>;
let model: ScriptedModel;
let endpoint: string;
let workDir: string;
let id: string;

async function favindex(argv: string[]) {
  let stdout = '';
  let stderr = '';
  const io: Io = { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), readStdin: async () => '', env: { FAVINDEX_URL: routes.origin } };
  const code = await runCli(argv, io);
  return { code, stdout, stderr };
}

beforeAll(async () => {
  routes = await startRouteServer();
  model = new ScriptedModel();
  endpoint = await model.start();
  id = await createTestProject([], 'routers-bakeoff');
  for (const server of ROUTERS_SERVERS)
    expect((await api.put(`/api/projects/${id}/catalog/${server.name}`, { json: { tools: server.tools } })).status).toBe(201);
  expect((await api.put(`/api/projects/${id}/routers`, { json: ROUTERS, headers: { 'if-match': '*' } })).status).toBe(200);
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'favindex-routers-bakeoff-'));
  fs.writeFileSync(path.join(workDir, 'tasks.yaml'), serialiseBakeoffTasks({ tasks: ROUTERS_TASKS }));
}, 60_000);

afterAll(async () => {
  await model?.stop();
  await routes?.stop();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

const bakeoffArgs = (out: string, extra: string[] = []) => [
  'bakeoff',
  '-p',
  id,
  '--tasks',
  path.join(workDir, 'tasks.yaml'),
  '--endpoint',
  endpoint,
  '--model',
  'm',
  ...['--presentation', 'eager=eager', '--presentation', 'routers=routers', '--presentation', 'bare=routers,envelope=off'],
  ...['--runs', String(RUNS), '--seed', 'e2e', '--out', path.join(workDir, out)],
  ...extra,
];

describe('favindex bakeoff with the routers mode, the envelope on and off', { timeout: 120_000 }, () => {
  it('runs the stored routers beside eager, and the table printed and kept equals the figures worked out by hand from the transcripts', async () => {
    const run = await favindex(bakeoffArgs('routers.jsonl', ['--metric', 'wrongOps', '--baseline', 'routers', '--proposed', 'bare', '--upload', '--json']));
    expect(run.code, run.stderr).toBe(0);
    const printed = JSON.parse(run.stdout);
    expect(printed).toMatchObject({ ran: 3 * 3 * RUNS, failed: 0 });
    // The routers came through the API: GET …/routers, after the previews.
    expect(routes.exchanges.some((e) => e.path === `/api/projects/${id}/routers` && e.status === 200)).toBe(true);

    // What was kept is what the model did: each call of each transcript is the call the model made.
    const transcripts = fromJsonl((await api.get(`/api/projects/${id}/bakeoffs/${printed.uploaded.id}/transcripts`)).text);
    expect(transcripts).toHaveLength(3 * 3 * RUNS);
    for (const t of transcripts) {
      const cell = `${t.key.taskId}/${t.key.presentation}/${t.key.model}/${t.key.run}`;
      const made = model.requests.filter((r) => r.headers[CELL_HEADER] === cell && r.decision?.kind === 'call');
      expect(t.calls.map((c) => [c.presented, c.op ?? null])).toEqual(
        made.map((r) => {
          const call = r.decision as { name: string; arguments: string };
          return [call.name, (JSON.parse(call.arguments) as { op?: string }).op ?? null];
        }),
      );
    }

    // The figures by hand, against the table the CLI printed and the one the server measured again.
    const view = (await api.get(`/api/projects/${id}/bakeoffs/${printed.uploaded.id}`)).body;
    expect(view.table).toEqual(printed.table);
    expect(view.setup.presentations).toEqual([
      { id: 'eager', mode: 'eager', query: {} },
      { id: 'routers', mode: 'routers', query: {} },
      { id: 'bare', mode: 'routers', query: { envelope: 'off' } },
    ]);
    for (const presentation of ['eager', 'routers', 'bare']) {
      const hand = figuresByHand(model.requests, presentation, ROUTERS_TASKS);
      const row = view.table.rows.find((r: { presentation: string }) => r.presentation === presentation);
      const recovered = hand.recoveries.length;
      expect(row.n).toBe(hand.runs);
      expect(row.values.wrongOps.estimate, presentation).toBeCloseTo(hand.wrongOps / hand.runs, 10);
      expect(row.values.turnsToRecover.n, presentation).toBe(recovered);
      expect(row.values.turnsToRecover.estimate, presentation).toBe(recovered === 0 ? null : hand.recoveries.reduce((a, b) => a + b, 0) / recovered);
      expect(row.neverRecovered, presentation).toBe(hand.neverRecovered);
      expect(row.values.targetFirst.estimate, presentation).toBeCloseTo(hand.rightFirst / hand.runs, 10);
      expect(row.classes.unknown_op, presentation).toBe(hand.wrongOps);
    }
    const withEnvelope = figuresByHand(model.requests, 'routers', ROUTERS_TASKS);
    const without = figuresByHand(model.requests, 'bare', ROUTERS_TASKS);
    expect(withEnvelope.wrongOps).toBeGreaterThan(0);
    expect(withEnvelope).toMatchObject({ neverRecovered: 0, unsuggested: 0 });
    expect(without).toMatchObject({ suggested: 0 });
    expect(without.wrongOps).toBeGreaterThan(withEnvelope.wrongOps);
    expect(printed.verdicts.at(-1).wording).toMatch(/^bare loses to routers over all models by [\d.]+ ± [\d.]+ calls: (clear|not clear)$/);

    // The same run as the terminal shows it: the columns, and the recoveries never made.
    const text = await favindex(bakeoffArgs('routers.jsonl'));
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^\| presentation \| model \| n \| .*\| wrong ops \| turns to recover \|/m);
    expect(text.stdout).toMatch(new RegExp(`^\\| routers \\| m \\| ${3 * RUNS} \\| .*; 0 never recovered \\|`, 'm'));
    expect(text.stdout).toMatch(new RegExp(`^\\| bare \\| m \\| ${3 * RUNS} \\| .*; ${without.neverRecovered} never recovered \\|`, 'm'));
    expect(text.stdout).toMatch(/^calls that failed, bare × m: .*\d+ unknown op/im);
  });

  it('refuses envelope on a mode that is not routers before asking anything', async () => {
    const asked = model.requests.length;
    const refused = await favindex([...bakeoffArgs('refused.jsonl'), '--presentation', 'odd=eager,envelope=off']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('envelope is a setting of the routers mode only');
    expect(model.requests.length).toBe(asked);
  });
});
