import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { anthropicMessages } from './anthropic-messages';
import { type BakeoffMessage, DEFAULT_RETRY, EndpointError, type RetryPolicy, retryAfterMs } from './endpoint';
import { transportFailure, UnusableEndpointError } from './endpoint-failures';
import { authHeaders, openAiChat } from './openai-chat';

/** An endpoint that answers from a queue and keeps what it was sent. */
const queue: { status: number; body: unknown; headers?: Record<string, string>; reset?: true }[] = [];
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
      // The connection dropped before any answer, as a proxy or a restarting server does.
      if (next.reset) return void req.socket.destroy();
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

describe('an endpoint that cannot serve the run', () => {
  /** What the request failed with: the class, why, and the one line the command prints. */
  async function failure(request: Promise<unknown>) {
    const err = await request.then(
      () => null,
      (e: unknown) => e,
    );
    return err instanceof UnusableEndpointError ? { unusable: err.reason, message: err.message } : { other: String(err) };
  }

  it('a closed port stops at the first request, without a retry or a wait (the real backoff would take a minute)', async () => {
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
    const closed = `http://127.0.0.1:${(probe.address() as AddressInfo).port}/v1`;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const started = performance.now();
    const answer = failure(openAiChat(closed, 'sk', DEFAULT_RETRY).complete({ model: 'm', messages: thread, tools }));
    expect(await answer).toEqual({ unusable: 'unreachable', message: `the model endpoint ${closed}/chat/completions refused the connection (ECONNREFUSED)` });
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('a host that does not resolve stops the run; a name server that did not answer in time is tried again', () => {
    // As fetch throws them: the system's error, with its code, in the cause.
    const fetchFailed = (code: string, message: string) => Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error(message), { code }) });
    const target = 'https://api.openai.example/v1/chat/completions';
    expect(transportFailure(fetchFailed('ENOTFOUND', 'getaddrinfo ENOTFOUND api.openai.example'), target)).toMatchObject({
      retry: false,
      error: { reason: 'unreachable', message: "the model endpoint's host api.openai.example does not resolve (ENOTFOUND)" },
    });
    expect(transportFailure(fetchFailed('EAI_AGAIN', 'getaddrinfo EAI_AGAIN api.openai.example'), target)).toEqual({
      retry: true,
      message: 'no answer from api.openai.example: getaddrinfo EAI_AGAIN api.openai.example',
    });
  });

  it('401, 403, 404 and 405 stop at once with the endpoint and what it said; nothing is asked twice', async () => {
    const cases = [
      [401, 'Incorrect API key provided', 'unauthorised'],
      [403, 'not allowed for this key', 'unauthorised'],
      [404, 'The model `gpt-9` does not exist', 'wrong_address'],
      [405, 'Method Not Allowed', 'wrong_address'],
    ] as const;
    for (const [status, said, reason] of cases) {
      seen.length = 0;
      queue.push({ status, body: { error: { message: said } } }, { status: 200, body: { choices: [{ message: { content: 'too late' } }] } });
      expect(await failure(openAiChat(base, 'sk', retry).complete({ model: 'gpt-9', messages: thread, tools }))).toEqual({
        unusable: reason,
        message: `the model endpoint ${base}/chat/completions answered HTTP ${status}: ${said}`,
      });
      expect(seen).toHaveLength(1);
      queue.length = 0;
    }
    expect(waits).toEqual([]);
  });

  it('a retry-after longer than the bound stops the run instead of hammering or sleeping for an hour', async () => {
    queue.push({ status: 429, body: { error: { message: 'quota' } }, headers: { 'retry-after': '3600' } });
    expect(await failure(anthropicMessages(base, 'k', retry).complete({ model: 'm', messages: thread, tools }))).toEqual({
      unusable: 'rate_limited',
      message: `the model endpoint ${base}/v1/messages answered HTTP 429: quota, and asks for 3600 s before the next request (a bake-off waits at most 60 s)`,
    });
    expect(waits).toEqual([]);
  });
});

describe('what is retried: only what can succeed later', () => {
  it('a 429 waits what its retry-after says, a 503 and a dropped connection back off, then the answer is read', async () => {
    queue.push(
      { status: 429, body: { error: { message: 'slow down' } }, headers: { 'retry-after': '2' } },
      { status: 503, body: 'busy' },
      { status: 0, body: null, reset: true },
      { status: 200, body: { choices: [{ message: { content: 'done' } }] } },
    );
    expect((await openAiChat(base, 'sk', { ...retry, retries: 3 }).complete({ model: 'm', messages: thread, tools })).text).toBe('done');
    expect(waits).toEqual([2_000, 200, 400]);
    expect(seen).toHaveLength(4);
  });

  it('a 400 or a 501 fails the one request at once: another try would get the same', async () => {
    for (const status of [400, 501]) {
      queue.push({ status, body: { error: { message: 'no' } } });
      await expect(openAiChat(base, 'sk', retry).complete({ model: 'm', messages: thread, tools })).rejects.toThrow(
        new EndpointError(status, `HTTP ${status}: no`),
      );
    }
    expect(seen).toHaveLength(2);
    expect(waits).toEqual([]);
  });
});
