import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openAiChat } from '@/cli/bakeoff/openai-chat';
import { runCell } from '@/cli/bakeoff/run-cell';
import type { BakeoffTask } from '@/lib/bakeoff/task-schema';
import { BAKEOFF_TASKS, previewOf } from './bakeoff-catalog';
import { routersPresentationOf } from './routers-bakeoff';
import { type ChatRequest, type FunctionTool, NONCE_HEADER, ScriptedModel, tokensOf } from './scripted-model';

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
    const presentation = previewOf('eager');
    const task = BAKEOFF_TASKS.find((t) => t.id === 'weekly')!;
    const endpoint = openAiChat(base, undefined);
    const names = await Promise.all(
      Array.from({ length: 20 }, (_, run) => runCell(endpoint, { taskId: 'weekly', presentation: 'eager', model: 'm', run }, task, presentation)),
    );
    const wandered = names.find((t) => t.calls[0]?.canonical !== task.target)!;
    expect(wandered.calls.map((c) => c.canonical)).toEqual(['reports/run_forecast', 'reports/run_report']);
    expect(wandered.outcome).toBe('completed');
    expect(wandered.turns).toHaveLength(3);
    // Each follow-up re-sends the earlier exchange, which the endpoint reports as cached.
    expect(wandered.turns.map((t) => t.cachedTokens! > 0)).toEqual([false, true, true]);
  });

  it('calls a router with a made-up op or the right one; follows suggested_action to list_ops, then the op; without one, rereads or guesses again', async () => {
    const router = routersPresentationOf('routers', 'r').offered.find((t) => t.name === 'tracker_write')!;
    const tools: FunctionTool[] = [{ type: 'function', function: { name: router.name, description: router.description, parameters: router.inputSchema } }];
    const prompt = 'Create a label in the tracker with repo=acme/web';
    const call = (op: string) => ({ id: `c-${op}`, type: 'function' as const, function: { name: 'tracker_write', arguments: JSON.stringify({ op }) } });
    const next = async (messages: ChatRequest['messages'], nonce: string) => {
      const answer = (await (await post({ model: 'm', messages, tools }, nonce)).json()) as any;
      return JSON.parse(answer.choices[0].message.tool_calls?.[0]?.function.arguments ?? '{}') as { op?: string; arguments?: unknown };
    };
    const firstOps = new Set<string>();
    for (let i = 0; i < 20; i++) firstOps.add((await next([{ role: 'user', content: prompt }], `r${i}`)).op!);
    expect(firstOps).toEqual(new Set(['create_label', 'add_label']));
    const answeredWith = (op: string, answer: unknown) => [
      { role: 'user' as const, content: prompt },
      { role: 'assistant' as const, content: null, tool_calls: [call(op)] },
      { role: 'tool' as const, tool_call_id: `c-${op}`, content: JSON.stringify(answer) },
    ];
    const envelope = {
      error_code: 'UNKNOWN_OP',
      suggested_action: 'Call tracker_write with op="create_label", or call tracker_write with op="list_ops" to see every op',
    };
    const refused = (parts: unknown[]) => ({ isError: true, content: parts.map((p) => ({ type: 'text', text: JSON.stringify(p) })) });
    expect((await next(answeredWith('add_label', refused(['no such op', envelope])), 'n')).op).toBe('list_ops');
    const listed = {
      ops: [{ op: 'create_label', note: 'create a label', inputSchema: { type: 'object', properties: { repo: { type: 'string' } }, required: ['repo'] } }],
    };
    expect(await next(answeredWith('list_ops', { content: [{ type: 'text', text: JSON.stringify(listed) }] }), 'n')).toEqual({
      op: 'create_label',
      arguments: { repo: 'acme/web' },
    });
    const { suggested_action: _, ...bare } = envelope;
    const guesses = new Set<string>();
    for (let i = 0; i < 20; i++) guesses.add((await next(answeredWith('add_label', refused(['no such op', bare])), `g${i}`)).op!);
    expect(guesses).toEqual(new Set(['create_label', 'new_label']));
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
