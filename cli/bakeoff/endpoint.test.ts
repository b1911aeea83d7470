import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { anthropicMessages } from './anthropic-messages';
import { type BakeoffMessage, DEFAULT_RETRY, EndpointError, type RetryPolicy, retryAfterMs } from './endpoint';
import { authHeaders, openAiChat } from './openai-chat';

/** An endpoint that answers from a queue and keeps what it was sent. */
const queue: { status: number; body: unknown; headers?: Record<string, string> }[] = [];
const seen: { url: string; headers: http.IncomingHttpHeaders; body: any }[] = [];
let server: http.Server;
let base: string;
const waits: number[] = [];
const retry: RetryPolicy = { ...DEFAULT_RETRY, retries: 2, baseMs: 100, sleep: async (ms) => void waits.push(ms) };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      seen.push({ url: req.url ?? '', headers: req.headers, body: JSON.parse(text) });
      const next = queue.shift() ?? { status: 500, body: { error: { message: 'queue empty' } } };
      res.writeHead(next.status, { 'content-type': 'application/json', ...next.headers });
      res.end(JSON.stringify(next.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  queue.length = 0;
  seen.length = 0;
  waits.length = 0;
});

const tools = [{ name: 'crm__create_contact', description: 'create a contact', inputSchema: { type: 'object', properties: { email: { type: 'string' } } } }];
const thread: BakeoffMessage[] = [
  { role: 'user', content: 'add ada' },
  {
    role: 'assistant',
    content: 'looking',
    toolCalls: [
      { id: 't1', name: 'crm__find', arguments: '{"q":"ada"}' },
      { id: 't2', name: 'crm__find', arguments: 'not json' },
    ],
  },
  { role: 'tool', toolCallId: 't1', content: '{"found":0}' },
  { role: 'tool', toolCallId: 't2', content: '{"found":1}' },
];

describe('the Anthropic messages endpoint', () => {
  it('sends tools and the thread as the messages API takes them, and reads tool_use and every input token back', async () => {
    queue.push({
      status: 200,
      body: {
        content: [
          { type: 'text', text: 'Adding.' },
          { type: 'tool_use', id: 'toolu_1', name: 'crm__create_contact', input: { email: 'ada@example.com' } },
        ],
        usage: { input_tokens: 40, output_tokens: 12, cache_read_input_tokens: 900, cache_creation_input_tokens: 60 },
      },
    });
    const answer = await anthropicMessages(base, 'sk-ant', retry).complete({ model: 'claude-x', messages: thread, tools, headers: { 'x-cell': 'c' } });
    expect(answer).toEqual({
      text: 'Adding.',
      toolCalls: [{ id: 'toolu_1', name: 'crm__create_contact', arguments: '{"email":"ada@example.com"}' }],
      inputTokens: 1000,
      cachedTokens: 900,
      outputTokens: 12,
    });
    const [request] = seen;
    expect(request!.url).toBe('/v1/messages');
    expect(request!.headers).toMatchObject({ 'x-api-key': 'sk-ant', 'anthropic-version': '2023-06-01', 'x-cell': 'c' });
    expect(request!.body.tools).toEqual([{ name: 'crm__create_contact', description: 'create a contact', input_schema: tools[0]!.inputSchema }]);
    // Both results of one turn in one user message; an argument text that is not JSON goes back as {}.
    expect(request!.body.messages).toEqual([
      { role: 'user', content: 'add ada' },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'looking' },
          { type: 'tool_use', id: 't1', name: 'crm__find', input: { q: 'ada' } },
          { type: 'tool_use', id: 't2', name: 'crm__find', input: {} },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 't1', content: '{"found":0}' },
          { type: 'tool_result', tool_use_id: 't2', content: '{"found":1}' },
        ],
      },
    ]);
  });

  it('retries an overload (529) after the backoff, and gives up on a 400 at once with what the endpoint said', async () => {
    queue.push({ status: 529, body: { error: { message: 'Overloaded' } } }, { status: 200, body: { content: [{ type: 'text', text: 'hi' }], usage: {} } });
    expect((await anthropicMessages(`${base}/v1/messages`, undefined, retry).complete({ model: 'm', messages: thread, tools: [] })).text).toBe('hi');
    expect(waits).toEqual([100]);
    expect(seen[1]!.body.tools).toBeUndefined();
    queue.push({ status: 400, body: { error: { type: 'invalid_request_error', message: 'tools.0.name: bad' } } });
    const failed = anthropicMessages(base, undefined, retry).complete({ model: 'm', messages: thread, tools });
    await expect(failed).rejects.toThrow(new EndpointError(400, 'HTTP 400: tools.0.name: bad'));
    expect(seen).toHaveLength(3);
  });
});

describe('an answer of another shape than the API documents', () => {
  it('fails the turn with what was wrong, and is not retried', async () => {
    queue.push({ status: 200, body: { content: [{ type: 'text', text: 7 }], usage: { input_tokens: 'many' } } });
    await expect(anthropicMessages(base, undefined, retry).complete({ model: 'm', messages: thread, tools })).rejects.toThrow(
      new EndpointError(200, 'the answer is not shaped as the API documents: content[0].text: Invalid input: expected string, received number (and 1 more)'),
    );
    queue.push({ status: 200, body: { choices: [{ message: { tool_calls: [{ id: 'c', function: { name: 'x', arguments: { q: 1 } } }] } }] } });
    await expect(openAiChat(base, undefined, retry).complete({ model: 'm', messages: thread, tools })).rejects.toThrow(
      /^the answer is not shaped as the API documents: choices\[0\]\.message\.tool_calls\[0\]\.function\.arguments: /,
    );
    expect(seen).toHaveLength(2);
    expect(waits).toEqual([]);
  });
});

describe('an OpenAI-compatible endpoint', () => {
  it("uses the full completions URL when given one (Azure's, with its api-version), and stops after its retries", async () => {
    queue.push({ status: 503, body: 'busy' }, { status: 503, body: 'busy' }, { status: 503, body: 'busy' });
    const azure = openAiChat(`${base}/openai/deployments/d/chat/completions?api-version=2024-10-21`, 'az-key', retry);
    await expect(azure.complete({ model: 'gpt', messages: thread, tools })).rejects.toThrow(/HTTP 503: busy \(after 3 attempts\)/);
    expect(seen.map((s) => s.url)).toEqual(Array(3).fill('/openai/deployments/d/chat/completions?api-version=2024-10-21'));
    expect(seen[0]!.headers.authorization).toBe('Bearer az-key');
    expect(waits).toEqual([100, 200]);
  });

  it('sends the key as Azure wants it, as a bearer token elsewhere, and no header without one', () => {
    expect(authHeaders('https://acme.openai.azure.com/openai/deployments/d/chat/completions', 'k')).toEqual({ 'api-key': 'k' });
    expect(authHeaders('https://openrouter.ai/api/v1/chat/completions', 'k')).toEqual({ authorization: 'Bearer k' });
    expect(authHeaders('http://localhost:11434/v1/chat/completions', undefined)).toEqual({});
  });
});

describe('retry-after', () => {
  it('reads milliseconds, seconds and a date, and nothing else', () => {
    const now = Date.parse('2026-12-04T10:00:00Z');
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '250', 'retry-after': '9' }), now)).toBe(250);
    expect(retryAfterMs(new Headers({ 'retry-after': '2' }), now)).toBe(2000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Fri, 04 Dec 2026 10:00:05 GMT' }), now)).toBe(5000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }), now)).toBe(null);
    expect(retryAfterMs(new Headers(), now)).toBe(null);
  });
});
