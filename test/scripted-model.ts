/**
 * A scripted model behind a real OpenAI-compatible endpoint (`POST /v1/chat/completions`), for
 * bake-off tests: its choices are a deterministic function of the request (see
 * scripted-choices.ts), so the metrics of a bake-off run against it can be known exactly. It can
 * be told to refuse the next requests with 429 and `retry-after`, or to spoil its next answers
 * (malformed, or endless), and it keeps every request.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Behaviour, type ChatRequest, DEFAULT_BEHAVIOUR, type Decision, decide, seedOfRequest } from './scripted-choices';

export * from './scripted-choices';

/** The header a runner may send the run's nonce in (it may also write it into the user's turn). */
export const NONCE_HEADER = 'x-favindex-bakeoff-run';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  /** The request's JSON, or its text when it was not JSON. */
  body: unknown;
  status: number;
  /** What the model chose; absent for a refused request. */
  decision?: Decision;
}

export interface ScriptedModelOptions {
  behaviour?: Partial<Behaviour>;
  /** Behaviour per model name, over the default: a weak model wanders more. */
  models?: Record<string, Partial<Behaviour>>;
}

/** A timestamp for every answer, so the same request gets the same bytes back. */
const CREATED = 1_764_806_400;

/** Tokens as bytes / 4: near enough to a tokenizer for a bake-off's comparisons, and exact to predict. */
export function tokensOf(value: unknown): number {
  return Math.ceil(Buffer.byteLength(JSON.stringify(value)) / 4);
}

/** The answer to a request as the endpoint sends it, with usage. */
export function completionFor(request: ChatRequest, nonce: string, behaviour: Behaviour): { decision: Decision; body: Record<string, unknown> } {
  const decision = decide(request, nonce, behaviour);
  const id = seedOfRequest(request, nonce).toString(16).padStart(8, '0');
  const previousCalls = request.messages.reduce((n, m) => n + (m.tool_calls?.length ?? 0), 0);
  const message =
    decision.kind === 'call'
      ? {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: `call_${id}_${previousCalls}`, type: 'function', function: { name: decision.name, arguments: decision.arguments } }],
        }
      : { role: 'assistant', content: decision.content };
  const tools = request.tools ?? [];
  // The request before this one sent the same tools and the messages up to the model's last turn: that prefix is cached.
  const lastAssistant = request.messages.map((m) => m.role).lastIndexOf('assistant');
  const cached = lastAssistant > 0 ? tokensOf({ tools, messages: request.messages.slice(0, lastAssistant) }) : 0;
  const promptTokens = tokensOf({ tools, messages: request.messages });
  const completionTokens = 5 + tokensOf(decision.kind === 'call' ? decision.arguments : decision.content);
  return {
    decision,
    body: {
      id: `chatcmpl-${id}`,
      object: 'chat.completion',
      created: CREATED,
      model: request.model,
      choices: [{ index: 0, message, finish_reason: decision.kind === 'call' ? 'tool_calls' : 'stop' }],
      usage: {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
        prompt_tokens_details: { cached_tokens: Math.min(cached, promptTokens) },
      },
    },
  };
}

function isChatRequest(value: unknown): value is ChatRequest {
  const v = value as Partial<ChatRequest> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.model === 'string' &&
    Array.isArray(v.messages) &&
    v.messages.length > 0 &&
    (v.tools === undefined || Array.isArray(v.tools))
  );
}

/** How a spoiled answer is wrong: a tool call whose arguments are an object, not text; or an answer that does not end. */
export type Spoiled = 'malformed' | 'endless';

/** An endless answer stops here if its reader does not: far past any bound a client should keep. */
const ENDLESS_BYTES = 256 * 1024 * 1024;

export class ScriptedModel {
  readonly requests: RecordedRequest[] = [];
  /** Per endless answer, the bytes written before its reader went away. */
  readonly endlessSent: number[] = [];
  private server: http.Server | null = null;
  private limited = 0;
  private retryAfter = 1;
  private spoiled: { count: number; how: Spoiled } = { count: 0, how: 'malformed' };

  constructor(private readonly options: ScriptedModelOptions = {}) {}

  /** Listen on a free loopback port; resolves to the base URL (`http://127.0.0.1:port/v1`). */
  async start(): Promise<string> {
    const server = http.createServer((req, res) => {
      void this.handle(req, res).catch((err: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: String(err), type: 'server_error' } }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    this.server = server;
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Answer the next `count` requests with 429 and `retry-after: seconds`, as a rate-limited endpoint does. */
  rateLimit(count: number, seconds = 1): void {
    this.limited = count;
    this.retryAfter = seconds;
  }

  /** Answer the next `count` completions (after any refusals) wrongly, as `how` says. */
  spoil(count: number, how: Spoiled): void {
    this.spoiled = { count, how };
  }

  behaviourOf(model: string): Behaviour {
    return { ...DEFAULT_BEHAVIOUR, ...this.options.behaviour, ...this.options.models?.[model] };
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers[name] = value;
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Kept as text: the record shows what was sent.
    }
    const record: RecordedRequest = { method: req.method ?? 'GET', path: req.url ?? '/', headers, body, status: 0 };
    this.requests.push(record);
    const send = (status: number, answer: unknown, extra: Record<string, string> = {}) => {
      record.status = status;
      res.writeHead(status, { 'content-type': 'application/json', ...extra });
      res.end(JSON.stringify(answer));
    };
    if (record.method !== 'POST' || record.path !== '/v1/chat/completions') {
      send(404, { error: { message: `no route for ${record.method} ${record.path}`, type: 'invalid_request_error' } });
      return;
    }
    if (this.limited > 0) {
      this.limited--;
      send(
        429,
        { error: { message: 'Rate limit reached', type: 'rate_limit_error', code: 'rate_limit_exceeded' } },
        { 'retry-after': String(this.retryAfter) },
      );
      return;
    }
    if (!isChatRequest(body)) {
      send(400, { error: { message: 'a chat completion needs model and messages', type: 'invalid_request_error' } });
      return;
    }
    if (this.spoiled.count > 0) {
      this.spoiled.count--;
      record.status = 200;
      if (this.spoiled.how === 'endless') this.endlessSent.push(await endless(res));
      else {
        const call = { id: 'call_spoiled', type: 'function', function: { name: 'reports__run_report', arguments: { startDate: '2026-01-05' } } };
        send(200, { choices: [{ index: 0, message: { role: 'assistant', content: null, tool_calls: [call] }, finish_reason: 'tool_calls' }] });
      }
      return;
    }
    const { decision, body: answer } = completionFor(body, headers[NONCE_HEADER] ?? '', this.behaviourOf(body.model));
    record.decision = decision;
    send(200, answer);
  }
}

/** Write a JSON answer that does not end (no length, 64 KiB at a time, as the reader takes them) until the reader goes; the bytes written. */
async function endless(res: http.ServerResponse): Promise<number> {
  res.writeHead(200, { 'content-type': 'application/json' });
  const chunk = Buffer.alloc(64 * 1024, ' ');
  let sent = 0;
  res.write('{"choices":[{"message":{"content":"');
  while (sent < ENDLESS_BYTES && !res.destroyed) {
    sent += chunk.length;
    if (res.write(chunk)) continue;
    await new Promise<void>((resolve) => {
      const go = () => {
        res.off('drain', go);
        res.off('close', go);
        resolve();
      };
      res.on('drain', go);
      res.on('close', go);
    });
  }
  res.end();
  return sent;
}
