import { describe, expect, it } from 'vitest';
import { aggregate, cellOf, groupRuns, judgeCall, measureRun, measureRuns, type ToolSchemas } from './metrics';
import type { BakeoffTask } from './task-schema';
import { type CellKey, parseArguments, type ToolCallRecord, type Transcript } from './transcript';
import { SchemaChecks } from '@/lib/arguments/schema-checks';
import { fromJsonl, toJsonl } from './results';

const TASK: BakeoffTask = {
  id: 'weekly',
  prompt: 'Run the sales report from startDate=2026-01-05',
  target: 'reports/run_report',
  arguments: { required: ['startDate'], equals: { startDate: '2026-01-05' } },
};

const SCHEMAS: ToolSchemas = {
  'reports/run_report': { type: 'object', properties: { startDate: { type: 'string' }, endDate: { type: 'string' } }, required: ['startDate'] },
  'reports/lookup': { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
};

const key = (run: number, presentation = 'pinned', model = 'gpt-x'): CellKey => ({ taskId: 'weekly', presentation, model, run });

function call(turn: number, canonical: string | null, raw: string, presented = canonical ?? 'search'): ToolCallRecord {
  return { turn, presented, canonical, rawArguments: raw, arguments: parseArguments(raw) };
}

const turn = (inputTokens: number, wallMs: number, cachedTokens?: number) => ({
  inputTokens,
  outputTokens: 5,
  wallMs,
  ...(cachedTokens !== undefined ? { cachedTokens } : {}),
});

/** Four runs, each hand-measured in the test below. */
const RIGHT: Transcript = {
  key: key(0),
  turns: [turn(100, 200, 0), turn(150, 100, 100)],
  calls: [call(0, 'reports/run_report', '{"startDate":"2026-01-05"}')],
  outcome: 'completed',
};
const WANDERS: Transcript = {
  key: key(1),
  turns: [turn(100, 100), turn(200, 100), turn(300, 100)],
  calls: [
    call(0, 'reports/lookup', '{"id":7}'),
    call(1, 'reports/run_report', '{"start":"2026-01-05"}'),
    call(2, 'reports/run_report', '{"startDate":"2026-01-05"}'),
  ],
  outcome: 'completed',
};
const LOST: Transcript = {
  key: key(2),
  turns: [turn(50, 50), turn(50, 50)],
  calls: [call(0, null, '{}'), call(1, 'reports/run_report', '{"startDate":')],
  outcome: 'turn_limit',
};
const WRONG_VALUE: Transcript = {
  key: key(3),
  turns: [turn(100, 100, 0)],
  calls: [call(0, 'reports/run_report', '{"startDate":"2026-01-06"}')],
  outcome: 'completed',
};
const FAILED: Transcript = { key: key(4), turns: [], calls: [], outcome: 'endpoint_error', error: '503' };
const REPEAT: Transcript = { ...LOST, key: key(0) };

describe('bake-off metrics', () => {
  it('measures each run exactly', () => {
    const runs = [RIGHT, WANDERS, LOST, WRONG_VALUE].map((t) => measureRun(TASK, t, { schemas: SCHEMAS }));
    const view = runs.map(({ key: _, classes, ...rest }) => ({ ...rest, classes: Object.fromEntries(Object.entries(classes).filter(([, n]) => n > 0)) }));
    expect(view).toEqual([
      {
        targetFirst: true,
        firstCallCorrect: true,
        wellFormed: true,
        completed: true,
        toolCalls: 1,
        wander: 0,
        inputTokensPerTurn: 125,
        cachedTokens: 100,
        wallMs: 300,
        wrongOps: 0,
        turnsToRecover: [],
        neverRecovered: 0,
        classes: { ok: 1 },
      },
      {
        targetFirst: false,
        firstCallCorrect: false,
        wellFormed: false,
        completed: true,
        toolCalls: 3,
        wander: 1,
        inputTokensPerTurn: 200,
        cachedTokens: null,
        wallMs: 300,
        wrongOps: 0,
        turnsToRecover: [],
        neverRecovered: 0,
        classes: { ok: 2, missing_required: 1, unexpected_param: 1 },
      },
      {
        targetFirst: false,
        firstCallCorrect: false,
        wellFormed: false,
        completed: false,
        toolCalls: 2,
        wander: 1,
        inputTokensPerTurn: 50,
        cachedTokens: null,
        wallMs: 100,
        wrongOps: 0,
        turnsToRecover: [],
        neverRecovered: 0,
        classes: { invented_tool: 1, type_error: 1 },
      },
      {
        targetFirst: true,
        firstCallCorrect: false,
        wellFormed: true,
        completed: false,
        toolCalls: 1,
        wander: 0,
        inputTokensPerTurn: 100,
        cachedTokens: 0,
        wallMs: 100,
        wrongOps: 0,
        turnsToRecover: [],
        neverRecovered: 0,
        classes: { value_error: 1 },
      },
    ]);
  });

  it('counts a cell once (the first transcript that measured something) and skips endpoint failures', () => {
    const runs = measureRuns([TASK], [RIGHT, WANDERS, FAILED, LOST, REPEAT, WRONG_VALUE], { schemas: SCHEMAS });
    expect(runs.map((r) => r.key.run)).toEqual([0, 1, 2, 3]);
    expect(runs[0]!.firstCallCorrect).toBe(true);
  });

  it('aggregates a cell: n, shares with Wilson intervals, means with t intervals, failures per class', () => {
    const cell = aggregate(measureRuns([TASK], [RIGHT, WANDERS, LOST, WRONG_VALUE], { schemas: SCHEMAS }));
    expect(cell.n).toBe(4);
    expect([cell.targetFirst, cell.firstCallCorrect, cell.wellFormed, cell.completed].map((p) => [p.successes, p.n])).toEqual([
      [2, 4],
      [1, 4],
      [2, 4],
      [2, 4],
    ]);
    expect(cell.firstCallCorrect.low).toBeCloseTo(0.0456, 4);
    expect(cell.firstCallCorrect.high).toBeCloseTo(0.6994, 4);
    expect(cell.toolCalls).toMatchObject({ n: 4, estimate: 1.75 });
    expect(cell.toolCalls.low).toBeCloseTo(0.2265, 4);
    expect(cell.toolCalls.high).toBeCloseTo(3.2735, 4);
    expect(cell.wander.estimate).toBe(0.5);
    expect(cell.inputTokensPerTurn.estimate).toBe(118.75);
    // Only two runs' endpoints reported cached tokens.
    expect(cell.cachedTokens).toMatchObject({ n: 2, estimate: 50 });
    expect(cell.wallMs.estimate).toBe(200);
    expect(cell.classes).toEqual({
      ok: 3,
      invented_tool: 1,
      invented_server: 0,
      unknown_op: 0,
      missing_required: 1,
      unexpected_param: 1,
      type_error: 1,
      value_error: 1,
      server_error: 0,
    });
  });

  it("judges the task's checks without the tool's schema, and a schema fragment of the task", () => {
    const checks = new SchemaChecks();
    const task: BakeoffTask = { ...TASK, arguments: { schema: { type: 'object', properties: { limit: { type: 'integer', maximum: 10 } } } } };
    expect(judgeCall(call(0, 'reports/run_report', '{"limit":50}'), task, checks)).toMatchObject({ wellFormed: true, passes: false, classes: ['value_error'] });
    expect(judgeCall(call(0, 'reports/run_report', '[1]'), task, checks)).toMatchObject({ wellFormed: false, passes: false, classes: ['type_error'] });
    expect(judgeCall(call(0, 'reports/run_report', ''), task, checks)).toMatchObject({ wellFormed: true, passes: true, classes: ['ok'] });
    expect(judgeCall(call(0, 'reports/run_report', '{}'), TASK, checks).problems.map((p) => `${p.path} ${p.class}`)).toEqual(['$.startDate missing_required']);
  });

  it('classes a call through mcp_invoke_tool naming a server the project lacks as Usage does: an invented server, kept in the results file', () => {
    const checks = new SchemaChecks();
    const raw = '{"server":"jira","tool":"create_issue","arguments":{}}';
    const elsewhere: ToolCallRecord = { ...call(0, null, raw, 'mcp_invoke_tool'), inventedServer: 'jira' };
    expect(judgeCall(elsewhere, TASK, checks)).toMatchObject({ wellFormed: false, passes: false, classes: ['invented_server'] });
    expect(judgeCall(call(0, null, raw, 'mcp_invoke_tool'), TASK, checks).classes).toEqual(['invented_tool']);
    const transcript: Transcript = { key: key(0, 'off'), turns: [turn(10, 10)], calls: [elsewhere], outcome: 'completed' };
    const [read] = fromJsonl(toJsonl([transcript]));
    expect(measureRun(TASK, read!).classes).toMatchObject({ invented_server: 1, invented_tool: 0 });
  });

  it('judges a router call as the call it makes: a right op to the target is the target, list_ops a meta call, a wrong op an unknown op', () => {
    const checks = new SchemaChecks();
    const via = (op: string) => ({ router: 'reports_router', op, presented: 'reports_router' });
    const right: ToolCallRecord = { ...call(0, 'reports/run_report', '{"startDate":"2026-01-05"}'), ...via('run_report') };
    const listOps: ToolCallRecord = { ...call(0, null, '{"op":"list_ops"}'), ...via('list_ops'), source: 'meta' };
    const wrong: ToolCallRecord = { ...call(0, null, '{"op":"get_report"}'), ...via('get_report') };
    expect(judgeCall(right, TASK, checks, SCHEMAS)).toMatchObject({ isTarget: true, wellFormed: true, passes: true, classes: ['ok'] });
    expect(judgeCall(listOps, TASK, checks, SCHEMAS)).toMatchObject({ isTarget: false, wellFormed: true, passes: false, classes: [] });
    expect(judgeCall(wrong, TASK, checks, SCHEMAS)).toMatchObject({ isTarget: false, wellFormed: false, passes: false, classes: ['unknown_op'] });

    // Wrong op, list_ops, then the right op: not right first time, completed, 2 calls of wander, one recovery of 2 turns.
    const turns = [turn(10, 1), turn(10, 1), turn(10, 1)];
    const recovered: Transcript = {
      key: key(0, 'routers'),
      turns,
      calls: [wrong, { ...listOps, turn: 1 }, { ...right, turn: 2 }],
      outcome: 'completed',
    };
    const [read] = fromJsonl(toJsonl([recovered]));
    expect(read).toEqual(recovered);
    expect(measureRun(TASK, read!, { schemas: SCHEMAS })).toMatchObject({
      targetFirst: false,
      completed: true,
      wander: 2,
      wrongOps: 1,
      turnsToRecover: [2],
      neverRecovered: 0,
      classes: { ok: 1, unknown_op: 1, invented_tool: 0 },
    });
    // The right op first: right first time, as a call of the tool would be.
    expect(measureRun(TASK, { ...recovered, calls: [right] }, { schemas: SCHEMAS })).toMatchObject({ targetFirst: true, firstCallCorrect: true, wrongOps: 0 });
  });

  it('groups runs by cell, in the order they came', () => {
    const runs = measureRuns([TASK], [RIGHT, { ...RIGHT, key: key(0, 'lazy') }, WANDERS], { schemas: SCHEMAS });
    const groups = groupRuns(runs, cellOf);
    expect([...groups.values()].map((g) => g.map((r) => `${r.key.presentation}#${r.key.run}`))).toEqual([['pinned#0', 'pinned#1'], ['lazy#0']]);
  });

  it('refuses a transcript of a task the file does not have', () => {
    expect(() => measureRuns([TASK], [{ ...RIGHT, key: { ...RIGHT.key, taskId: 'other' } }])).toThrow(/task 'other'/);
  });
});
