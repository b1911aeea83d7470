import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aggregate, groupRuns, measureRuns, type ToolSchemas } from '@/lib/bakeoff/metrics';
import { remaining, schedule } from '@/lib/bakeoff/schedule';
import { type BakeoffTask, openingTurns } from '@/lib/bakeoff/task-schema';
import { BAKEOFF_LIMITS } from '@/lib/limits';
import { type CellKey, countedTranscripts, doneKeys, parseArguments, type ToolCallRecord, type Transcript } from '@/lib/bakeoff/transcript';
import { compare } from '@/lib/bakeoff/verdict';
import { type ChatMessage, type ChatRequest, type FunctionTool, NONCE_HEADER, ScriptedModel, tokensOf } from './scripted-model';

const tool = (name: string, description: string, properties: Record<string, unknown>, required: string[] = []): FunctionTool => ({
  type: 'function',
  function: { name, description, parameters: { type: 'object', properties, required } },
});

const str = { type: 'string' };
const REPORT = tool('reports__run_report', 'the sales report between two dates', { startDate: str, endDate: str }, ['startDate']);
const FORECAST = tool('reports__run_forecast', 'the sales forecast for a quarter', { quarter: str });
const CREATE = tool(
  'crm__create_contact',
  'create a new contact in the CRM',
  { firstName: str, lastName: str, email: str, phone: str, company: str, title: str, city: str, country: str },
  ['firstName', 'lastName', 'email'],
);
const UPDATE = tool('crm__update_contact', 'change the details of a contact', { id: str, email: str }, ['id']);
const PADDING = Array.from({ length: 36 }, (_, i) => tool(`misc__helper_${i}`, `an unrelated helper, number ${i}`, { value: str }));
const SHORT = [REPORT, FORECAST, CREATE, UPDATE];
const LONG = [...SHORT, ...PADDING];

const canonicalOf = (presented: string) => presented.replace('__', '/');
const SCHEMAS: ToolSchemas = Object.fromEntries(LONG.map((t) => [canonicalOf(t.function.name), t.function.parameters!]));
const PRESENTATIONS: Record<string, FunctionTool[]> = { short: SHORT, long: LONG };

const WEEKLY: BakeoffTask = {
  id: 'weekly',
  prompt: 'Run the sales report from startDate=2026-01-05',
  target: 'reports/run_report',
  arguments: { equals: { startDate: '2026-01-05' } },
  fixtures: { 'reports/run_report': { total: 1200 } },
};
const CONTACT: BakeoffTask = {
  id: 'contact',
  prompt: 'Create a contact firstName=Ada lastName=Lovelace email=ada@example.com',
  target: 'crm/create_contact',
  arguments: { equals: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' } },
};

let model: ScriptedModel;
let base: string;

beforeAll(async () => {
  model = new ScriptedModel();
  base = await model.start();
});
afterAll(() => model.stop());
beforeEach(() => {
  model.requests.length = 0;
});

async function post(body: ChatRequest, nonce: string): Promise<Response> {
  return fetch(`${base}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [NONCE_HEADER]: nonce },
    body: JSON.stringify(body),
  });
}

async function firstCall(tools: FunctionTool[], prompt: string, nonce: string) {
  const answer = (await (await post({ model: 'm', messages: [{ role: 'user', content: prompt }], tools }, nonce)).json()) as any;
  const call = answer.choices[0].message.tool_calls[0].function;
  return { name: call.name as string, args: JSON.parse(call.arguments) as Record<string, unknown> };
}

/** A bake-off runner in miniature: what a real one does over HTTP, retries on 429 included. */
async function runCell(key: CellKey, task: BakeoffTask, retries = 2): Promise<Transcript> {
  const tools = PRESENTATIONS[key.presentation]!;
  const messages: ChatMessage[] = openingTurns(task).map((t) => ({ role: t.role, content: t.content }));
  const transcript: Transcript = { key, turns: [], calls: [], outcome: 'turn_limit' };
  for (let turn = 0; turn < (task.maxTurns ?? BAKEOFF_LIMITS.defaultTaskTurns); turn++) {
    const started = performance.now();
    let response = await post({ model: key.model, messages, tools }, `${key.presentation}/${key.run}`);
    for (let attempt = 0; response.status === 429 && attempt < retries; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get('retry-after')) * 1000));
      response = await post({ model: key.model, messages, tools }, `${key.presentation}/${key.run}`);
    }
    if (response.status !== 200) return { ...transcript, outcome: 'endpoint_error', error: `HTTP ${response.status}` };
    const answer = (await response.json()) as any;
    const usage = answer.usage;
    transcript.turns.push({
      inputTokens: usage.prompt_tokens,
      cachedTokens: usage.prompt_tokens_details.cached_tokens,
      outputTokens: usage.completion_tokens,
      wallMs: performance.now() - started,
    });
    const message = answer.choices[0].message;
    if (!message.tool_calls) return { ...transcript, outcome: 'completed' };
    messages.push(message);
    for (const call of message.tool_calls) {
      const canonical = SCHEMAS[canonicalOf(call.function.name)] ? canonicalOf(call.function.name) : null;
      const record: ToolCallRecord = {
        turn,
        presented: call.function.name,
        canonical,
        rawArguments: call.function.arguments,
        arguments: parseArguments(call.function.arguments),
      };
      transcript.calls.push(record);
      messages.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(task.fixtures?.[canonical ?? ''] ?? { ok: true }) });
    }
  }
  return transcript;
}

describe('the scripted model', () => {
  it('gives the same answer to the same request, and keeps every request', async () => {
    const body: ChatRequest = { model: 'm', messages: [{ role: 'user', content: WEEKLY.prompt! }], tools: LONG };
    const [a, b] = [await (await post(body, 'n1')).json(), await (await post(body, 'n1')).json()];
    expect(a).toEqual(b);
    expect((a as any).choices[0].message.tool_calls).toHaveLength(1);
    expect((a as any).usage).toMatchObject({ prompt_tokens: tokensOf({ tools: LONG, messages: body.messages }), prompt_tokens_details: { cached_tokens: 0 } });
    expect(model.requests.map((r) => [r.path, r.status, r.headers[NONCE_HEADER]])).toEqual([
      ['/v1/chat/completions', 200, 'n1'],
      ['/v1/chat/completions', 200, 'n1'],
    ]);
  });

  it('wanders more on a longer tool list: a similar tool first, never on a short list', async () => {
    let short = 0;
    let long = 0;
    for (let i = 0; i < 60; i++) {
      if ((await firstCall(SHORT, WEEKLY.prompt!, `w${i}`)).name !== 'reports__run_report') short++;
      const first = await firstCall(LONG, WEEKLY.prompt!, `w${i}`);
      if (first.name !== 'reports__run_report') {
        long++;
        expect(first.name).toBe('reports__run_forecast');
      }
    }
    expect(short).toBe(0);
    // p = (40 − 5) × 0.02 = 0.7 per run.
    expect(long).toBeGreaterThan(30);
    expect(long).toBeLessThan(55);
  });

  it('invents a key or leaves a required one out on a tool with a long schema, never on a short one', async () => {
    const kinds = { invented: 0, omitted: 0, right: 0 };
    for (let i = 0; i < 60; i++) {
      const { name, args } = await firstCall(SHORT, CONTACT.prompt!, `c${i}`);
      expect(name).toBe('crm__create_contact');
      const keys = Object.keys(args);
      if (keys.some((k) => !(k in (CREATE.function.parameters!.properties as object)))) kinds.invented++;
      else if (keys.length < 3) kinds.omitted++;
      else kinds.right++;
      expect((await firstCall(SHORT, WEEKLY.prompt!, `c${i}`)).args).toEqual({ startDate: '2026-01-05' });
    }
    expect(kinds.invented).toBeGreaterThan(5);
    expect(kinds.omitted).toBeGreaterThan(5);
    expect(kinds.right).toBeGreaterThan(15);
  });

  it('reads tool results: after a wrong tool it calls the target, after the target it answers', async () => {
    let nonce = 0;
    while ((await firstCall(LONG, WEEKLY.prompt!, `long/${nonce}`)).name === 'reports__run_report') nonce++;
    const transcript = await runCell({ taskId: 'weekly', presentation: 'long', model: 'm', run: nonce }, WEEKLY);
    expect(transcript.calls.map((c) => c.presented)).toEqual(['reports__run_forecast', 'reports__run_report']);
    expect(transcript.outcome).toBe('completed');
    expect(transcript.turns).toHaveLength(3);
    // Each follow-up re-sends the earlier exchange, which the endpoint reports as cached.
    expect(transcript.turns.map((t) => t.cachedTokens! > 0)).toEqual([false, true, true]);
  });

  it('answers 429 with retry-after for the next requests, then succeeds', async () => {
    model.rateLimit(2, 0);
    const body: ChatRequest = { model: 'm', messages: [{ role: 'user', content: WEEKLY.prompt! }], tools: SHORT };
    const first = await post(body, 'x');
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('0');
    expect((await post(body, 'x')).status).toBe(429);
    expect((await post(body, 'x')).status).toBe(200);
    expect(model.requests.map((r) => r.status)).toEqual([429, 429, 200]);
    expect(model.requests[2]!.decision).toMatchObject({ kind: 'call', name: 'reports__run_report' });
  });
});

describe('a bake-off against the scripted model', () => {
  it("computes exactly the metrics the model's own choices imply, resumes a failed cell, and judges the long list worse", async () => {
    const order = schedule({ tasks: ['weekly', 'contact'], presentations: ['short', 'long'], models: ['m'], runs: 12, seed: 7 });
    const tasks = { weekly: WEEKLY, contact: CONTACT } as Record<string, BakeoffTask>;
    const transcripts: Transcript[] = [];
    // Three refusals outlast the first cell's two retries: it fails at the endpoint and runs again on resume.
    model.rateLimit(3, 0);
    transcripts.push(await runCell(order[0]!, tasks[order[0]!.taskId]!));
    expect(transcripts[0]!.outcome).toBe('endpoint_error');
    model.requests.length = 0;
    for (const key of remaining(order, doneKeys(transcripts))) transcripts.push(await runCell(key, tasks[key.taskId]!));
    expect(remaining(order, doneKeys(transcripts))).toEqual([]);
    expect(countedTranscripts(transcripts)).toHaveLength(48);

    const runs = measureRuns([WEEKLY, CONTACT], transcripts, { schemas: SCHEMAS });
    for (const [cell, group] of groupRuns(runs, (k) => `${k.taskId}/${k.presentation}`)) {
      const [taskId, presentation] = cell.split('/') as [string, string];
      const target = tasks[taskId]!.target.replace('/', '__');
      const byRun = new Map<number, { name: string; mistake: string | null; wandered: boolean }[]>();
      const inputs = new Map<number, number[]>();
      for (const request of model.requests) {
        const [p, run] = request.headers[NONCE_HEADER]!.split('/');
        const body = request.body as ChatRequest;
        if (p !== presentation || body.messages[0]!.content !== tasks[taskId]!.prompt) continue;
        inputs.set(Number(run), [...(inputs.get(Number(run)) ?? []), tokensOf({ tools: body.tools, messages: body.messages })]);
        const d = request.decision!;
        if (d.kind === 'call') byRun.set(Number(run), [...(byRun.get(Number(run)) ?? []), d]);
      }
      const expected = [...byRun.values()];
      const cellStats = aggregate(group);
      expect(cellStats.n).toBe(12);
      expect(cellStats.targetFirst.successes).toBe(expected.filter((calls) => calls[0]!.name === target).length);
      expect(cellStats.firstCallCorrect.successes).toBe(expected.filter((calls) => calls[0]!.name === target && calls[0]!.mistake === null).length);
      expect(cellStats.completed.successes).toBe(expected.filter((calls) => calls.some((c) => c.name === target && c.mistake === null)).length);
      expect(cellStats.wellFormed.successes).toBe(expected.filter((calls) => calls.every((c) => c.mistake === null)).length);
      expect(cellStats.wander.estimate).toBeCloseTo(expected.reduce((n, calls) => n + calls.filter((c) => c.wandered).length, 0) / 12, 12);
      for (const run of group) {
        const turns = inputs.get(run.key.run)!;
        expect(run.inputTokensPerTurn).toBe(turns.reduce((a, b) => a + b, 0) / turns.length);
      }
      if (presentation === 'short') expect(cellStats.targetFirst.successes).toBe(12);
    }

    // Not vacuous: the long list wandered and the long schema drew mistakes.
    expect(aggregate(runs.filter((r) => r.key.presentation === 'long')).wander.estimate).toBeGreaterThan(0);
    expect(aggregate(runs.filter((r) => r.key.taskId === 'contact')).wellFormed.successes).toBeLessThan(24);

    const verdict = compare(runs, { metric: 'targetFirst', proposed: 'long', baseline: 'short', model: 'm' });
    expect(verdict.standing).toBe('loses');
    expect(verdict.clear).toBe(true);
    expect(verdict.wording).toMatch(/^long loses to short on m by \d+ ± \d+ points: clear$/);
  });
});
