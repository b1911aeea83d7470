import type { z } from 'zod';
import { BAKEOFF_LIMITS, MiB } from '@/lib/limits';
import { fieldOf } from '@/lib/records';
import { issueDetails, summariseIssues } from '@/lib/validation';
import { isRetryableStatus, transportFailure, UnusableEndpointError, unusableStatus } from './endpoint-failures';

/**
 * The model endpoints a bake-off talks to: an OpenAI-compatible chat-completions endpoint
 * (OpenAI, Azure, OpenRouter, vLLM, llama.cpp, Ollama) and the Anthropic messages API, behind
 * one shape. Rate limits, server faults and dropped connections are retried with backoff; an
 * endpoint that cannot serve the run stops it (endpoint-failures.ts); anything else fails the turn.
 */

/** A tool as the bake-off offers it: the name the model receives, with its description and schema. */
export interface OfferedTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

export interface ModelToolCall {
  id: string;
  name: string;
  /** The argument text as the model wrote it (Anthropic's parsed input is written back as JSON). */
  arguments: string;
}

export type BakeoffMessage =
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string | null; toolCalls: ModelToolCall[] }
  | { role: 'tool'; toolCallId: string; content: string };

export interface Completion {
  text: string | null;
  toolCalls: ModelToolCall[];
  /** Every input token of the request, cached or not. */
  inputTokens: number;
  /** Input tokens served from the provider's cache, when it says. */
  cachedTokens?: number;
  outputTokens: number;
}

export interface CompletionRequest {
  model: string;
  messages: readonly BakeoffMessage[];
  tools: readonly OfferedTool[];
  /** Sent as they are: the cell's key, for the provider's logs (and the scripted model's seed). */
  headers?: Record<string, string>;
}

export interface ModelEndpoint {
  complete(request: CompletionRequest): Promise<Completion>;
}

export const ENDPOINT_KINDS = ['openai', 'anthropic'] as const;
export type EndpointKind = (typeof ENDPOINT_KINDS)[number];

export interface RetryPolicy {
  /** Retries after the first attempt. */
  retries: number;
  /** The first backoff when the endpoint names no wait; doubled per retry, up to maxMs. */
  baseMs: number;
  /** The longest backoff, and the longest wait a retry-after is honoured for: past it the run stops. */
  maxMs: number;
  sleep: (ms: number) => Promise<void>;
}

export const DEFAULT_RETRY: RetryPolicy = {
  retries: 6,
  baseMs: 1_000,
  maxMs: 60_000,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** The endpoint failed the request for good: its status (0: never answered) and what it said. */
export class EndpointError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'EndpointError';
  }
}

const REQUEST_TIMEOUT_MS = 300_000;

/** The wait an answer asks for: `retry-after-ms`, or `retry-after` in seconds or as a date. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | null {
  const ms = Number(headers.get('retry-after-ms'));
  if (headers.has('retry-after-ms') && Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers.get('retry-after');
  if (value === null) return null;
  const seconds = Number(value);
  if (value.trim() !== '' && Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** What one provider's API adds to jsonEndpoint: its address, its headers, its request body and how its answer reads. */
export interface JsonApi<Answer> {
  target: string;
  /** Sent with every request, before the request's own. */
  headers: Record<string, string>;
  retry: RetryPolicy;
  body(request: CompletionRequest): unknown;
  /** The answer's shape as the API documents it: each field optional, but of its type when there. */
  answer: z.ZodType<Answer>;
  /** The completion in the answer; each field it reads is checked for presence. */
  completion(answer: Answer): Completion;
}

/**
 * An endpoint that POSTs each request as JSON (see postJson) and reads the answer in the shape its
 * API documents. An answer of another shape (an argument text that is an object, a count that is
 * text) fails the turn with what was wrong, as an endpoint error: the run goes on to its other cells.
 */
export function jsonEndpoint<Answer>(api: JsonApi<Answer>): ModelEndpoint {
  return {
    async complete(request) {
      const raw = await postJson(api.target, { ...api.headers, ...request.headers }, api.body(request), api.retry);
      const answer = api.answer.safeParse(raw);
      if (!answer.success) throw new EndpointError(200, `the answer is not shaped as the API documents: ${summariseIssues(issueDetails(answer.error))}`);
      return api.completion(answer.data);
    },
  };
}

/**
 * POST `body` as JSON; retries what can succeed later (see endpoint-failures.ts), then gives the
 * answer's JSON, or throws EndpointError (this request failed: the cell fails) or
 * UnusableEndpointError (every request would: the run stops).
 */
export async function postJson(url: string, headers: Record<string, string>, body: unknown, retry: RetryPolicy): Promise<unknown> {
  const text = JSON.stringify(body);
  for (let attempt = 0; ; attempt++) {
    let status = 0;
    let message: string;
    let wait: number | null = null;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: text,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const answer = await readAtMost(res, BAKEOFF_LIMITS.answerBytes);
      if (answer === null) {
        throw new EndpointError(
          res.status,
          `the endpoint answered ${res.status} with more than ${BAKEOFF_LIMITS.answerBytes / MiB} MiB; the rest was not read`,
        );
      }
      if (res.ok) {
        try {
          return JSON.parse(answer);
        } catch {
          throw new EndpointError(res.status, `the endpoint answered ${res.status} with something that is not JSON: ${answer.slice(0, 200)}`);
        }
      }
      status = res.status;
      message = `HTTP ${res.status}: ${errorMessageOf(answer)}`;
      const unusable = unusableStatus(status);
      if (unusable) throw new UnusableEndpointError(unusable, `the model endpoint ${url} answered ${message}`);
      if (!isRetryableStatus(status)) throw new EndpointError(status, message);
      wait = retryAfterMs(res.headers);
      if (wait !== null && wait > retry.maxMs)
        throw new UnusableEndpointError(
          'rate_limited',
          `the model endpoint ${url} answered ${message}, and asks for ${Math.ceil(wait / 1000)} s before the next request (a bake-off waits at most ${retry.maxMs / 1000} s)`,
        );
    } catch (err) {
      if (err instanceof EndpointError || err instanceof UnusableEndpointError) throw err;
      const failure = transportFailure(err, url);
      if (!failure.retry) throw failure.error;
      message = failure.message;
    }
    if (attempt >= retry.retries) throw new EndpointError(status, `${message} (after ${attempt + 1} attempts)`);
    await retry.sleep(wait ?? Math.min(retry.maxMs, retry.baseMs * 2 ** attempt));
  }
}

/**
 * The answer's text, or null past `maxBytes`: read chunk by chunk and dropped at the bound, so a
 * huge answer (a 300 MB one once took 1.3 GB) costs no more than the bound.
 */
async function readAtMost(res: Response, maxBytes: number): Promise<string | null> {
  const declared = Number(res.headers.get('content-length'));
  if (!res.body) return '';
  const reader = res.body.getReader();
  if (Number.isFinite(declared) && declared > maxBytes) {
    await reader.cancel();
    return null;
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    total += next.value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(next.value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function errorMessageOf(text: string): string {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === 'string') return body;
    const error = fieldOf(body, 'error');
    const message = typeof error === 'string' ? error : (fieldOf(error, 'message') ?? fieldOf(body, 'message'));
    if (typeof message === 'string') return message;
  } catch {
    // Not JSON: the text itself, cut.
  }
  return text.slice(0, 300);
}
