import { describe, expect, it } from 'vitest';
import { FAILURE_CLASSES, type FailureClass } from '@/lib/arguments/classes';
import type { RunMeasures } from './metrics';
import { formatResultsTable, fromJsonl, ResultsLineError, resultsTable, toJsonl } from './results';
import type { Transcript } from './transcript';

const TRANSCRIPTS: Transcript[] = [
  {
    key: { taskId: 'weekly', presentation: 'pinned', model: 'gpt-x', run: 0 },
    turns: [
      { inputTokens: 120, cachedTokens: 64, outputTokens: 12, wallMs: 340.5 },
      { inputTokens: 180, outputTokens: 3, wallMs: 90 },
    ],
    calls: [
      {
        turn: 0,
        presented: 'reports__run_report',
        canonical: 'reports/run_report',
        rawArguments: '{"startDate":"2026-01-05"}',
        arguments: { ok: true, value: { startDate: '2026-01-05' } },
      },
      { turn: 1, presented: 'serch', canonical: null, rawArguments: '{"q":', arguments: { ok: false, error: 'Unexpected end of JSON input' } },
    ],
    outcome: 'completed',
  },
  { key: { taskId: 'weekly', presentation: 'lazy', model: 'gpt-x', run: 0 }, turns: [], calls: [], outcome: 'endpoint_error', error: '429 after 3 tries' },
];

describe('results as JSONL', () => {
  it('round-trips, one line per run, keys in a fixed order whatever order they were built in', () => {
    const text = toJsonl(TRANSCRIPTS);
    expect(text.split('\n')).toHaveLength(3);
    expect(fromJsonl(text)).toEqual(TRANSCRIPTS);
    const shuffled = TRANSCRIPTS.map((t) => ({
      outcome: t.outcome,
      calls: t.calls,
      turns: t.turns,
      key: { run: t.key.run, model: t.key.model, presentation: t.key.presentation, taskId: t.key.taskId },
      ...(t.error ? { error: t.error } : {}),
    }));
    expect(toJsonl(shuffled)).toBe(text);
    expect(text.split('\n')[1]).toBe(
      '{"key":{"taskId":"weekly","presentation":"lazy","model":"gpt-x","run":0},"turns":[],"calls":[],"outcome":"endpoint_error","error":"429 after 3 tries"}',
    );
  });

  it('skips blank lines and refuses a malformed line by its number', () => {
    const lines = toJsonl(TRANSCRIPTS).split('\n');
    expect(fromJsonl(`\n${lines[0]}\n\n${lines[1]}\n`)).toHaveLength(2);
    const broken = `${lines[0]}\n{"key": \n${lines[1]}\n`;
    expect(() => fromJsonl(broken)).toThrow(ResultsLineError);
    expect(() => fromJsonl(broken)).toThrow(/^line 2 of the results is not a transcript: not JSON/);
    const wrongShape = `${lines[0]}\n${lines[1]}\n${lines[1]!.replace('"run":0', '"run":-1')}\n`;
    try {
      fromJsonl(wrongShape);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ResultsLineError);
      expect((err as ResultsLineError).line).toBe(3);
      expect((err as ResultsLineError).message).toBe('line 3 of the results is not a transcript: key.run: must be at least 0');
    }
    expect(() => fromJsonl(lines[1]!.replace('endpoint_error', 'exploded'))).toThrow(/^line 1 .*outcome: must be one of/);
  });
});

const NO_CLASSES = Object.fromEntries(FAILURE_CLASSES.map((c) => [c, 0])) as Record<FailureClass, number>;

function run(
  presentation: string,
  model: string,
  i: number,
  correct: boolean,
  wander: number,
  cached: number | null,
  recovery: Pick<RunMeasures, 'wrongOps' | 'turnsToRecover' | 'neverRecovered'> = { wrongOps: 0, turnsToRecover: [], neverRecovered: 0 },
): RunMeasures {
  return {
    ...recovery,
    key: { taskId: 't', presentation, model, run: i },
    targetFirst: correct,
    firstCallCorrect: correct,
    wellFormed: true,
    completed: true,
    toolCalls: 1 + wander,
    wander,
    inputTokensPerTurn: 100,
    cachedTokens: cached,
    wallMs: 10,
    classes: { ...NO_CLASSES, ok: 1 + wander },
  };
}

describe('the results table', () => {
  const runs = [
    ...Array.from({ length: 10 }, (_, i) => run('pinned', 'm1', i, i < 8, i % 2, i < 2 ? 50 : null)),
    ...Array.from({ length: 4 }, (_, i) => run('lazy', 'm1', i, i < 2, 2, null)),
    ...Array.from({ length: 3 }, (_, i) => run('pinned', 'm2', i, true, 0, null)),
  ];

  it('has a row per presentation × model, each metric with its interval and n', () => {
    const table = resultsTable(runs);
    expect(table.rows.map((r) => [r.presentation, r.model, r.n])).toEqual([
      ['pinned', 'm1', 10],
      ['pinned', 'm2', 3],
      ['lazy', 'm1', 4],
    ]);
    const first = table.rows[0]!;
    expect(first.values.firstCallCorrect.estimate).toBe(0.8);
    expect(first.values.firstCallCorrect.low).toBeCloseTo(0.4902, 4);
    expect(first.values.firstCallCorrect.high).toBeCloseTo(0.9433, 4);
    expect(first.values.wander).toMatchObject({ estimate: 0.5, n: 10 });
    expect(first.values.cachedTokens).toMatchObject({ estimate: 50, n: 2 });
    expect(first.classes.ok).toBe(15);
  });

  it('formats as Markdown: shares in per cent, bounds in brackets, n where a metric has fewer runs', () => {
    const text = formatResultsTable(resultsTable(runs, ['firstCallCorrect', 'wander', 'cachedTokens']));
    expect(text).toBe(
      [
        '| presentation | model | n | first call correct | wander | cached tokens |',
        '| --- | --- | --- | --- | --- | --- |',
        '| pinned | m1 | 10 | 80% [49%, 94%] | 0.5 [0.12, 0.88] | 50 [50, 50] (n 2) |',
        '| pinned | m2 | 3 | 100% [44%, 100%] | 0 [0, 0] | – |',
        '| lazy | m1 | 4 | 50% [15%, 85%] | 2 [2, 2] | – |',
        '',
      ].join('\n'),
    );
  });

  it('writes turns to recover with the recoveries never made beside it, and nothing of them where no run made a wrong op', () => {
    const recovering = [
      // 3 wrong ops in 3 runs: recovered in 2 turns, in 2 and 3 turns (two recoveries), and never.
      run('routers', 'm1', 0, false, 1, null, { wrongOps: 1, turnsToRecover: [2], neverRecovered: 0 }),
      run('routers', 'm1', 1, false, 1, null, { wrongOps: 3, turnsToRecover: [2, 3], neverRecovered: 0 }),
      run('routers', 'm1', 2, false, 1, null, { wrongOps: 2, turnsToRecover: [], neverRecovered: 1 }),
      run('routers', 'm1', 3, true, 0, null),
      run('eager', 'm1', 0, true, 0, null),
    ];
    const table = resultsTable(recovering, ['wrongOps', 'turnsToRecover']);
    expect(table.rows.map((r) => [r.presentation, r.values.wrongOps.estimate, r.values.turnsToRecover.n, r.neverRecovered])).toEqual([
      ['routers', 1.5, 3, 1],
      ['eager', 0, 0, 0],
    ]);
    expect(formatResultsTable(table)).toBe(
      [
        '| presentation | model | n | wrong ops | turns to recover |',
        '| --- | --- | --- | --- | --- |',
        '| routers | m1 | 4 | 1.5 [0, 3.55] | 2.33 [0.9, 3.77] (n 3); 1 never recovered |',
        '| eager | m1 | 1 | 0 | – |',
        '',
      ].join('\n'),
    );
  });
});
