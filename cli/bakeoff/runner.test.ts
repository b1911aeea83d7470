import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aggregate, groupRuns } from '@/lib/bakeoff/metrics';
import { fromJsonl, resultsTable, toJsonl } from '@/lib/bakeoff/results';
import type { Transcript } from '@/lib/bakeoff/transcript';
import { compare } from '@/lib/bakeoff/verdict';
import type { SurfaceMode } from '@/lib/schemas/surface-config';
import { NONCE_HEADER, type ChatRequest, ScriptedModel } from '@/test/scripted-model';
import { DEFAULT_RETRY, type ModelEndpoint, type RetryPolicy } from './endpoint';
import { UnusableEndpointError } from './endpoint-failures';
import type { CallTool } from './live-servers';
import { openAiChat } from './openai-chat';
import type { Presentation } from './presentation';
import { CELL_HEADER, RUN_HEADER } from './run-cell';
import { measuresOf, runBakeoff } from './runner';
import { BAKEOFF_TASKS, previewOf } from '@/test/bakeoff-catalog';

const MODES: SurfaceMode[] = ['eager', 'favindex', 'off', 'lazy'];
const MODELS = ['strong', 'weak'];
const RUNS = 10;

let model: ScriptedModel;
let base: string;
const waits: number[] = [];
const retry: RetryPolicy = { ...DEFAULT_RETRY, baseMs: 5, sleep: async (ms) => void waits.push(ms) };
let presentations: Presentation[];

beforeAll(async () => {
  model = new ScriptedModel({ models: { strong: { wanderPerTool: 0.005 }, weak: { wanderPerTool: 0.03 } } });
  base = await model.start();
  presentations = MODES.map((mode) => previewOf(mode));
});
afterAll(() => model.stop());
beforeEach(() => {
  model.requests.length = 0;
  waits.length = 0;
});

const setup = () => ({ tasks: BAKEOFF_TASKS, presentations, models: MODELS, runs: RUNS, seed: 'test' });
/** Every measure but wall time, which no two runs share. */
const withoutTime = (table: ReturnType<typeof resultsTable>) => table.rows.map(({ values: { wallMs: _, ...values }, ...row }) => ({ ...row, values }));

// Each test runs hundreds of model turns over loopback HTTP: seconds on a busy machine, not the unit default of 5.
describe('a bake-off against the scripted model', { timeout: 60_000 }, () => {
  it('runs 5 tasks × 4 modes × 2 models × 10 runs interleaved, and measures exactly what the model did', async () => {
    expect(RUN_HEADER).toBe(NONCE_HEADER);
    const file: string[] = [];
    const outcome = await runBakeoff(openAiChat(base, 'sk-test', retry), setup(), [], { record: (t) => void file.push(toJsonl([t])) });
    expect(outcome).toMatchObject({ ran: 400, alreadyDone: 0, failed: 0 });
    expect(outcome.transcripts).toHaveLength(400);
    expect(fromJsonl(file.join(''))).toEqual(outcome.transcripts);
    expect(model.requests.every((r) => r.headers.authorization === 'Bearer sk-test')).toBe(true);

    // Interleaved: run 1 of every cell before run 2 of any, and the modes mixed within a run.
    const cells = model.requests
      .filter((r, i, all) => i === 0 || all[i - 1]!.headers[CELL_HEADER] !== r.headers[CELL_HEADER])
      .map((r) => r.headers[CELL_HEADER]!);
    const runOf = (cell: string) => Number(cell.split('/').at(-1));
    expect(cells.map(runOf)).toEqual([...cells.map(runOf)].sort((a, b) => a - b));
    expect(new Set(cells.slice(0, 4).map((c) => c.split('/')[1])).size).toBeGreaterThan(1);

    // What the model chose, as the model's own record says, against what the harness measured.
    const measures = measuresOf(setup(), outcome.transcripts);
    for (const [cell, runs] of groupRuns(measures, (k) => `${k.taskId}/${k.presentation}/${k.model}`)) {
      const [taskId, presentation, modelName] = cell.split('/') as [string, string, string];
      const task = BAKEOFF_TASKS.find((t) => t.id === taskId)!;
      const shown = presentations.find((p) => p.id === presentation)!;
      // The names this presentation shows the target under (favindex mode lists a favourite under its own name too).
      const targetNames = new Set([...shown.listedAs].filter(([, as]) => as.kind === 'server' && as.canonical === task.target).map(([name]) => name));
      const firstDecisions = model.requests.filter((r) => r.headers[CELL_HEADER]!.startsWith(`${cell}/`) && (r.body as ChatRequest).messages.length === 1);
      expect(firstDecisions).toHaveLength(RUNS);
      const firstRight = firstDecisions.filter((r) => r.decision?.kind === 'call' && targetNames.has(r.decision.name)).length;
      expect(aggregate(runs).targetFirst.successes, `${cell} (${modelName})`).toBe(firstRight);
      expect(aggregate(runs).n).toBe(RUNS);
    }
    const pooled = (presentation: string) => aggregate(measures.filter((r) => r.key.presentation === presentation));
    // Not vacuous: on 44 tools the model wanders, the weak one more; a fresh lazy session has only the search.
    expect(pooled('eager').wander.estimate).toBeGreaterThan(0);
    const byModel = (m: string) => aggregate(measures.filter((r) => r.key.presentation === 'eager' && r.key.model === m));
    expect(byModel('weak').wander.estimate).toBeGreaterThan(byModel('strong').wander.estimate);
    expect(pooled('lazy').targetFirst.successes).toBe(0);
    expect(pooled('eager').targetFirst.successes).toBeGreaterThan(0);
    const verdict = compare(measures, { metric: 'targetFirst', proposed: 'lazy', baseline: 'eager' });
    expect(verdict.wording).toMatch(/^lazy loses to eager over all models by \d+ ± \d+ points: clear$/);
  });

  it('resumed after a kill gives the same table as a run that never stopped', async () => {
    const whole = await runBakeoff(openAiChat(base, undefined, retry), setup(), [], { record: () => {} });
    const kept: Transcript[] = [];
    // The process dies after 137 cells: the file holds what it recorded before.
    await expect(
      runBakeoff(openAiChat(base, undefined, retry), setup(), [], {
        record: (t) => {
          if (kept.length === 137) throw new Error('killed');
          kept.push(t);
        },
      }),
    ).rejects.toThrow('killed');
    model.requests.length = 0;
    const resumed = await runBakeoff(openAiChat(base, undefined, retry), setup(), fromJsonl(toJsonl(kept)), { record: () => {} });
    expect(resumed).toMatchObject({ ran: 263, alreadyDone: 137 });
    const cellsRunAgain = new Set(model.requests.map((r) => r.headers[CELL_HEADER]));
    expect(cellsRunAgain.size).toBe(263);
    expect(withoutTime(resultsTable(measuresOf(setup(), resumed.transcripts)))).toEqual(withoutTime(resultsTable(measuresOf(setup(), whole.transcripts))));
  });

  it('retries a 429 after the wait it names, and runs again on resume a cell the endpoint failed', async () => {
    const one = { ...setup(), tasks: BAKEOFF_TASKS.slice(0, 1), presentations: presentations.slice(0, 1), models: ['strong'], runs: 2 };
    model.rateLimit(2, 3);
    const first = await runBakeoff(openAiChat(base, undefined, retry), one, [], { record: () => {} });
    expect(model.requests.slice(0, 3).map((r) => r.status)).toEqual([429, 429, 200]);
    expect(waits.slice(0, 2)).toEqual([3_000, 3_000]);
    expect(first.failed).toBe(0);

    // More refusals than retries: that cell fails, measured as nothing; a resume runs it.
    model.rateLimit(DEFAULT_RETRY.retries + 1, 0);
    const failing = await runBakeoff(openAiChat(base, undefined, retry), one, [], { record: () => {} });
    expect(failing.failed).toBe(1);
    expect(failing.transcripts).toHaveLength(1);
    const previous: Transcript[] = [...failing.transcripts];
    const again = await runBakeoff(openAiChat(base, undefined, retry), one, previous, { record: () => {} });
    expect(again).toMatchObject({ ran: 1, alreadyDone: 1, failed: 0 });
    expect(again.transcripts).toHaveLength(2);
  });

  it('stops at the request an unusable endpoint refuses: no cell is recorded as failed, the cells before are kept', async () => {
    const three = { ...setup(), tasks: BAKEOFF_TASKS.slice(0, 1), presentations: presentations.slice(0, 1), models: ['strong'], runs: 3 };
    const real = openAiChat(base, undefined, retry);
    // The key is revoked while the second run index is under way.
    const revoked = new UnusableEndpointError('unauthorised', 'the model endpoint answered HTTP 401: key revoked');
    const endpoint: ModelEndpoint = { complete: (r) => (r.headers?.[CELL_HEADER]?.endsWith('/1') ? Promise.reject(revoked) : real.complete(r)) };
    const recorded: Transcript[] = [];
    await expect(runBakeoff(endpoint, three, [], { record: (t) => void recorded.push(t) })).rejects.toBe(revoked);
    expect(recorded.map((t) => [t.key.run, t.outcome === 'endpoint_error'])).toEqual([[0, false]]);
  });

  it('counts a call through mcp_invoke_tool naming a server the project lacks as an invented server, and tells the model which it has', async () => {
    const elsewhere = { id: 'elsewhere', prompt: 'Invoke the tool server=jira tool=create_issue', target: 'tracker/create_issue' };
    const off = { ...setup(), tasks: [elsewhere], presentations: presentations.filter((p) => p.id === 'off'), models: ['strong'], runs: 2 };
    const outcome = await runBakeoff(openAiChat(base, undefined, retry), off, [], { record: () => {} });
    const calls = outcome.transcripts.flatMap((t) => t.calls);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((c) => c.presented === 'mcp_invoke_tool' && c.inventedServer === 'jira')).toBe(true);
    const [row] = resultsTable(measuresOf(off, outcome.transcripts)).rows;
    expect(row!.classes).toMatchObject({ invented_server: calls.length, invented_tool: 0 });
    const told = model.requests.flatMap((r) => (r.body as ChatRequest).messages.filter((m) => m.role === 'tool').map((m) => m.content ?? ''));
    expect(told[0]).toMatch(/'jira' is not one of this project's MCP servers \(.*tracker/);
  });

  it('fails only the cell whose answer is malformed or endless, says why, reads no more of it than its bound, and goes on', async () => {
    const three = { ...setup(), tasks: BAKEOFF_TASKS.slice(0, 1), presentations: presentations.slice(0, 1), models: ['strong'], runs: 3 };
    const recorded: Transcript[] = [];
    const record = (t: Transcript) => void recorded.push(t);
    // A tool call whose arguments are an object, not text: it once stopped the whole run (`raw.trim is not a function`).
    model.spoil(1, 'malformed');
    expect(await runBakeoff(openAiChat(base, undefined, retry), three, [], { record })).toMatchObject({ ran: 3, failed: 1 });
    expect(recorded.map((t) => t.outcome)).toEqual(['endpoint_error', 'completed', 'completed']);
    expect(recorded[0]!.error).toBe(
      'the answer is not shaped as the API documents: choices[0].message.tool_calls[0].function.arguments: Invalid input: expected string, received object',
    );
    // An answer without end: read to the bound, then dropped (a 300 MB one was read whole, 1.3 GB).
    recorded.length = 0;
    model.spoil(1, 'endless');
    expect(await runBakeoff(openAiChat(base, undefined, retry), three, [], { record })).toMatchObject({ ran: 3, failed: 1 });
    expect(recorded.map((t) => t.outcome)).toEqual(['endpoint_error', 'completed', 'completed']);
    expect(recorded[0]!.error).toBe('the endpoint answered 200 with more than 4 MiB; the rest was not read');
    expect(model.endlessSent).toHaveLength(1);
    expect(model.endlessSent[0]).toBeLessThan(32 * 1024 * 1024);
  });

  it('asks the servers for what a tool without a fixture answers, with the arguments the call made, through mcp_invoke_tool too', async () => {
    const asked: { canonical: string; args: Record<string, unknown> }[] = [];
    const callTool: CallTool = async (canonical, args) => {
      asked.push({ canonical, args });
      return { content: [{ type: 'text', text: `served ${canonical}` }] };
    };
    const shown = presentations.filter((p) => p.id === 'eager' || p.id === 'off');
    // Off mode lists mcp_invoke_tool alone: a prompt that names the call is one the scripted model makes through it.
    const invoke = { id: 'invoke', prompt: 'Invoke the tool server=tracker tool=create_issue', target: 'tracker/create_issue' };
    const tasks = [...BAKEOFF_TASKS, invoke];
    const outcome = await runBakeoff(openAiChat(base, undefined, retry), { ...setup(), tasks, presentations: shown, runs: 2, callTool }, [], {
      record: () => {},
    });
    const called = outcome.transcripts.flatMap((t) => t.calls.filter((c) => c.canonical !== null).map((c) => ({ task: t.key.taskId, ...c })));
    const fixtured = (task: string, canonical: string | null) => BAKEOFF_TASKS.find((t) => t.id === task)?.fixtures?.[canonical ?? ''] !== undefined;
    expect(asked).toEqual(
      called.filter((c) => !fixtured(c.task, c.canonical)).map((c) => ({ canonical: c.canonical, args: c.arguments.ok && c.arguments.value })),
    );
    // Not vacuous: both the direct calls and the calls made through mcp_invoke_tool reached the servers.
    expect(called.some((c) => c.presented === 'mcp_invoke_tool')).toBe(true);
    expect(called.some((c) => c.presented !== 'mcp_invoke_tool' && !fixtured(c.task, c.canonical))).toBe(true);
    const answers = model.requests.flatMap((r) => (r.body as ChatRequest).messages.filter((m) => m.role === 'tool').map((m) => m.content ?? ''));
    expect(answers.filter((a) => a.includes('served '))).not.toHaveLength(0);
    expect(
      answers.some((a) => a.includes('"id":"c-1"')),
      "the contact task's fixture still answers for its tool",
    ).toBe(true);
  });
});
