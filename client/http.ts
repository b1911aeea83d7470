import { z } from 'zod';
import type { ErrorEnvelope } from '@/lib/contracts/errors';
import { errorMessage } from '@/lib/thrown';
import { fieldOf } from '@/lib/records';

/** One request to favindex's HTTP API, as every client sends it. */
export interface FavindexRequest {
  /** Where favindex listens ("http://127.0.0.1:3000"); '' for the dashboard, which asks its own origin. */
  baseUrl: string;
  method?: string;
  /** From `/api/…`, with its query string if any. */
  path: string;
  headers?: Record<string, string>;
  /** A value sent as JSON (and its content type set), or a body already written. */
  json?: unknown;
  body?: string;
  /** Give up after this long; none when omitted (the browser's own limits apply). */
  timeoutMs?: number;
  /** The caller gave up (react-query cancels a query nobody needs any more). */
  signal?: AbortSignal;
  /** Answers favindex gives to a redirect are refused, not followed, from a command line or a proxy. */
  redirect?: RequestRedirect;
  /** Ask again after a failure that may pass; only a method that is safe to repeat is asked again. */
  retry?: RetryPolicy;
}

/**
 * Asking again after a failure that may pass (nothing answered, 408, 429, 5xx): at most
 * `attempts` more times, after `baseMs`, then twice that, and so on, or after what the
 * answer's Retry-After says, never longer than `maxMs`.
 */
export interface RetryPolicy {
  attempts: number;
  baseMs: number;
  maxMs?: number;
  /** Tests pass one that records instead of waiting. */
  sleep?: (ms: number) => Promise<void>;
}

/** GET, HEAD, PUT and DELETE mean the same asked twice; a POST (events, a new token) may not. */
const REPEATABLE = new Set(['GET', 'HEAD', 'PUT', 'DELETE']);

/** favindex's answer, 2xx or 304: the text as sent, and the body parsed when it is JSON. */
export interface FavindexAnswer {
  status: number;
  headers: Headers;
  text: string;
  /** Undefined when the answer is not JSON (a YAML export, a 304). */
  json: unknown;
}

/** Why a request to favindex did not get a usable answer. */
export type FavindexFailure =
  /** No answer at all: `reason` in words ("connection refused", "no answer within 10 s"). */
  | { kind: 'unreachable'; reason: string }
  /** favindex refused, with its §errors envelope. */
  | { kind: 'refused'; status: number; envelope: ErrorEnvelope }
  /** Something answered that is not favindex: no envelope on an error, or JSON that does not parse. */
  | { kind: 'not-favindex'; status: number; what: string };

/** A failed request: the front ends (dashboard, CLI, proxy) word it for their users. */
export class FavindexHttpError extends Error {
  constructor(
    readonly failure: FavindexFailure,
    /** How long the answer asked to wait before asking again (Retry-After), when it said. */
    readonly retryAfterMs: number | null = null,
    /** Nothing answered within the caller's timeout, which bounds the wait of all attempts. */
    readonly timedOut = false,
  ) {
    super(failureText(failure));
    this.name = 'FavindexHttpError';
  }

  /** The same request may succeed later: nothing answered, a rate limit, a timeout or a 5xx. */
  get retryable(): boolean {
    const f = this.failure;
    if (f.kind === 'unreachable') return true;
    return f.status === 408 || f.status === 429 || f.status >= 500;
  }
}

function failureText(f: FavindexFailure): string {
  if (f.kind === 'unreachable') return f.reason;
  if (f.kind === 'refused') return f.envelope.message;
  return `HTTP ${f.status}: ${f.what}`;
}

/** Send a request, asked again as its retry policy says; a 2xx or 304 is the answer, anything else a FavindexHttpError. */
export async function sendToFavindex(request: FavindexRequest): Promise<FavindexAnswer> {
  const policy = request.retry;
  const attempts = policy && REPEATABLE.has((request.method ?? 'GET').toUpperCase()) ? policy.attempts : 0;
  for (let attempt = 0; ; attempt++) {
    try {
      return await sendOnce(request);
    } catch (err) {
      const mayPass = err instanceof FavindexHttpError && err.retryable && !err.timedOut && !request.signal?.aborted;
      if (!policy || attempt >= attempts || !mayPass) throw err;
      await (policy.sleep ?? sleep)(retryDelay(policy, attempt, err.retryAfterMs));
    }
  }
}

function retryDelay(policy: RetryPolicy, attempt: number, retryAfterMs: number | null): number {
  const max = policy.maxMs ?? 10_000;
  return Math.min(max, retryAfterMs ?? policy.baseMs * 2 ** attempt);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Retry-After in seconds or as an HTTP date, in ms from now; null when absent or unreadable. */
function retryAfterOf(headers: Headers): number | null {
  const value = headers.get('retry-after');
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/** Send one request; a 2xx or 304 is the answer, anything else a FavindexHttpError. */
async function sendOnce(request: FavindexRequest): Promise<FavindexAnswer> {
  const headers: Record<string, string> = { ...request.headers };
  let body = request.body;
  if (request.json !== undefined) {
    body = JSON.stringify(request.json);
    headers['content-type'] = 'application/json';
  }
  let res: Response;
  let text: string;
  try {
    res = await fetch(request.baseUrl + request.path, {
      method: request.method ?? 'GET',
      headers,
      body,
      redirect: request.redirect,
      signal: signalOf(request),
    });
    text = await res.text();
  } catch (err) {
    const reason = unreachableReason(err, request.timeoutMs);
    throw new FavindexHttpError({ kind: 'unreachable', reason }, null, isTimeout(err));
  }
  const json = parseJson(res, text);
  const retryAfterMs = retryAfterOf(res.headers);
  if (json === INVALID) throw new FavindexHttpError({ kind: 'not-favindex', status: res.status, what: 'a body that is not valid JSON' }, retryAfterMs);
  if ((res.status >= 200 && res.status < 300) || res.status === 304) return { status: res.status, headers: res.headers, text, json };
  // The envelope as sent, its fields read by name; the check above is what makes it one.
  if (envelopeShape.safeParse(json).success)
    // Sound: envelopeShape matched on the line above; the envelope is passed on as sent, not as parsed.
    throw new FavindexHttpError({ kind: 'refused', status: res.status, envelope: json as ErrorEnvelope }, retryAfterMs);
  throw new FavindexHttpError(
    {
      kind: 'not-favindex',
      status: res.status,
      what: `HTTP ${res.status} (${res.headers.get('content-type') || 'no content type'})`,
    },
    retryAfterMs,
  );
}

function signalOf({ signal, timeoutMs }: FavindexRequest): AbortSignal | undefined {
  if (timeoutMs === undefined) return signal;
  const timeout = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

const INVALID = Symbol('invalid JSON');

/**
 * What makes an answer favindex's refusal: a code and a message. Looser than the contract on
 * purpose: a newer server's new error code is still its envelope to an older client.
 */
const envelopeShape = z.looseObject({ error_code: z.string(), message: z.string() });

function parseJson(res: Response, text: string): unknown {
  if (!text || !(res.headers.get('content-type') ?? '').includes('json')) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return INVALID;
  }
}

function isTimeout(err: unknown): boolean {
  return err instanceof Error && err.name === 'TimeoutError';
}

/** Why nothing answered, in words: undici names it in `cause`, or in the causes of an AggregateError (IPv4 and IPv6 both refused). */
function unreachableReason(err: unknown, timeoutMs: number | undefined): string {
  const name = fieldOf(err, 'name');
  if ((name === 'TimeoutError' || name === 'AbortError') && timeoutMs !== undefined)
    return `no answer within ${timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} s`}`;
  const cause = fieldOf(err, 'cause');
  const causes = fieldOf(cause, 'errors');
  const code = fieldOf(cause, 'code') ?? (Array.isArray(causes) ? fieldOf(causes[0], 'code') : undefined);
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
  if (typeof code === 'string') return code;
  const message = fieldOf(cause, 'message');
  return typeof message === 'string' ? message : errorMessage(err);
}

/** The body read with its contract; the first issue in words when it does not match. */
export function readContract<S extends z.ZodType>(schema: S, body: unknown): { ok: true; data: z.output<S> } | { ok: false; issue: string } {
  const parsed = schema.safeParse(body);
  if (parsed.success) return { ok: true, data: parsed.data };
  const [issue] = parsed.error.issues;
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return { ok: false, issue: `${where}${issue?.message ?? 'invalid'}` };
}
