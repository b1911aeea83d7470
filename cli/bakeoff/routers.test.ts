import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aggregate } from '@/lib/bakeoff/metrics';
import { resultsTable } from '@/lib/bakeoff/results';
import { ROUTERS } from '@/test/routers-tracker';
import { figuresByHand, ROUTERS_TASKS, routersPresentationOf, routersPreview } from '@/test/routers-bakeoff';
import { type ChatRequest, ScriptedModel } from '@/test/scripted-model';
import { DEFAULT_RETRY } from './endpoint';
import { parsePresentation } from './inputs';
import { openAiChat } from './openai-chat';
import { presentationOf, RoutersChangedError } from './presentation';
import { measuresOf, runBakeoff } from './runner';

const RUNS = 20;
let model: ScriptedModel;
let base: string;

beforeAll(async () => {
  model = new ScriptedModel();
  base = await model.start();
});
afterAll(() => model.stop());

const presentations = () => [
  routersPresentationOf('eager', 'eager'),
  routersPresentationOf('routers', 'routers'),
  routersPresentationOf('routers', 'bare', false),
];

describe('the routers mode in a bake-off, with the envelope on and off', { timeout: 60_000 }, () => {
  it('reports wrong ops, turns to recover and target right first time as worked out by hand from what the model did', async () => {
    const setup = { tasks: ROUTERS_TASKS, presentations: presentations(), models: ['m'], runs: RUNS, seed: 'routers' };
    const retry = { ...DEFAULT_RETRY, baseMs: 1, sleep: async () => {} };
    const outcome = await runBakeoff(openAiChat(base, undefined, retry), setup, [], { record: () => {} });
    expect(outcome).toMatchObject({ ran: 3 * 3 * RUNS, failed: 0 });
    const measures = measuresOf(setup, outcome.transcripts);
    const table = resultsTable(measures);

    for (const id of ['eager', 'routers', 'bare']) {
      const hand = figuresByHand(model.requests, id, ROUTERS_TASKS);
      const row = table.rows.find((r) => r.presentation === id)!;
      const pooled = aggregate(measures.filter((r) => r.key.presentation === id));
      expect(hand.runs).toBe(3 * RUNS);
      expect(row.n).toBe(hand.runs);
      expect(row.values.wrongOps.estimate, id).toBeCloseTo(hand.wrongOps / hand.runs, 10);
      expect(row.values.turnsToRecover.n, id).toBe(hand.recoveries.length);
      if (hand.recoveries.length > 0)
        expect(row.values.turnsToRecover.estimate, id).toBeCloseTo(hand.recoveries.reduce((a, b) => a + b, 0) / hand.recoveries.length, 10);
      expect(row.neverRecovered, id).toBe(hand.neverRecovered);
      expect(pooled.targetFirst.successes, id).toBe(hand.rightFirst);
      expect(row.classes.unknown_op, id).toBe(hand.wrongOps);
    }

    // Not vacuous, and what the envelope is for: with it, every wrong op was answered with the
    // next call, which the model followed (list_ops, then the right op: 2 turns), and every run
    // recovered; without it, the model guessed again, took longer, and some runs never got there.
    const withEnvelope = figuresByHand(model.requests, 'routers', ROUTERS_TASKS);
    const without = figuresByHand(model.requests, 'bare', ROUTERS_TASKS);
    expect(figuresByHand(model.requests, 'eager', ROUTERS_TASKS)).toMatchObject({ wrongOps: 0, recoveries: [], neverRecovered: 0 });
    expect(withEnvelope.wrongOps).toBeGreaterThan(0);
    expect(withEnvelope).toMatchObject({ neverRecovered: 0, unsuggested: 0, suggested: withEnvelope.wrongOps });
    expect(new Set(withEnvelope.recoveries)).toEqual(new Set([2]));
    expect(without).toMatchObject({ suggested: 0 });
    expect(without.wrongOps).toBeGreaterThan(withEnvelope.wrongOps);
    expect(without.neverRecovered).toBeGreaterThan(0);
    expect(Math.max(...without.recoveries)).toBeGreaterThan(2);
    // A right op of the target's router first time counts as the target right first time.
    expect(withEnvelope.rightFirst).toBeGreaterThan(0);
    expect(withEnvelope.rightFirst).toBeLessThan(3 * RUNS);

    // The answers came from the proxy's own code: the UNKNOWN_OP envelope, with and without suggested_action.
    const answers = model.requests.flatMap((r) => (r.body as ChatRequest).messages.filter((m) => m.role === 'tool').map((m) => m.content ?? ''));
    expect(answers.some((a) => a.includes('UNKNOWN_OP') && a.includes('suggested_action'))).toBe(true);
    expect(answers.some((a) => a.includes('UNKNOWN_OP') && !a.includes('suggested_action') && !a.includes('to see every op'))).toBe(true);
  });

  it('records a router call as the call it makes: the op, its tool and its arguments; list_ops a meta call; a wrong op neither', async () => {
    const setup = { tasks: ROUTERS_TASKS.slice(0, 1), presentations: presentations().slice(1, 2), models: ['m'], runs: 6, seed: 'records' };
    const outcome = await runBakeoff(openAiChat(base, undefined), setup, [], { record: () => {} });
    const calls = outcome.transcripts.flatMap((t) => t.calls);
    const ops = ROUTERS.routers.find((r) => r.name === 'tracker_write')!.ops.map((o) => o.op);
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) {
      expect(call).toMatchObject({ presented: 'tracker_write', router: 'tracker_write' });
      if (call.op === 'list_ops') expect(call).toMatchObject({ canonical: null, source: 'meta' });
      else if (ops.includes(call.op!)) expect(call).toMatchObject({ canonical: `tracker/${call.op}`, arguments: { ok: true, value: { repo: 'acme/web' } } });
      else expect(call.canonical === null && call.source === undefined).toBe(true);
    }
    expect(calls.some((c) => c.op === 'create_label')).toBe(true);
  });
});

describe('routers presentations as the command line names them', () => {
  it('takes envelope=on|off for the routers mode only, and keeps it out of the preview', () => {
    expect(parsePresentation('bare=routers,envelope=off')).toEqual({ id: 'bare', mode: 'routers', query: { envelope: 'off' } });
    expect(() => parsePresentation('bare=routers,envelope=no')).toThrow(/envelope is on or off/);
    expect(() => parsePresentation('bare=eager,envelope=off')).toThrow(/envelope is a setting of the routers mode only/);
  });

  it('refuses a preview whose router the stored routers give other ops: the two were read at different versions', () => {
    const preview = routersPresentationOf('routers', 'r');
    expect(preview.listedAs.get('tracker_read')).toMatchObject({ kind: 'router', name: 'tracker_read' });
    const changed = { ...ROUTERS, routers: ROUTERS.routers.map((r) => ({ ...r, ops: r.ops.slice(1) })) };
    const rebuilt = () => presentationOf('r', 'routers', routersPreview(), { routers: changed });
    expect(rebuilt).toThrow(RoutersChangedError);
    expect(rebuilt).toThrow(/router tracker_read .*run it again/);
  });
});
