import { EncodedJson } from '@/lib/api/encoded-json';
import { ApiError, INTERNAL_ERROR_ENVELOPE } from '@/lib/errors';
import { fieldOf } from '@/lib/records';
import { log } from '@/server/log';

const DB_DOWN_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECT_TIMEOUT', '57P01', '57P03', '53300']);

/** An answer as plain data: what both the Next route and the node:http path write. */
export interface PlainResponse {
  status: number;
  headers: Record<string, string>;
  /** null for 304 and bodiless answers. */
  body: EncodedJson<unknown> | string | null;
}

export function toWebResponse(answer: PlainResponse): Response {
  const body = answer.body instanceof EncodedJson ? webBody(answer.body.parts) : answer.body;
  return new Response(body, { status: answer.status, headers: answer.headers });
}

/**
 * One part as it is; several written in order, not copied into one. The parts may be shared
 * with other answers: nothing here changes them.
 */
function webBody(parts: readonly Uint8Array<ArrayBuffer>[]): Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array> {
  if (parts.length === 1 && parts[0]) return parts[0];
  let next = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const part = parts[next++];
      if (part) controller.enqueue(part);
      else controller.close();
    },
  });
}

function plainJson(data: unknown, status: number, headers: Record<string, string> = {}): PlainResponse {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers }, body: JSON.stringify(data) };
}

/** The central error handler: ApiError becomes its envelope; anything else a 500 that leaks nothing. */
export function errorAnswer(err: unknown): PlainResponse {
  if (err instanceof ApiError) return plainJson(err.toEnvelope(), err.status, err.headers);
  const code = fieldOf(err, 'code');
  if (typeof code === 'string' && DB_DOWN_CODES.has(code)) {
    const unavailable = new ApiError('DATABASE_UNAVAILABLE', 'the database is unavailable', {
      suggestedAction: 'retry in a few seconds',
      citedRule: '§storage',
    });
    return plainJson(unavailable.toEnvelope(), 503, { 'retry-after': '2' });
  }
  log.error('unhandled error', { err });
  return plainJson(INTERNAL_ERROR_ENVELOPE, 500);
}

export function errorResponse(err: unknown): Response {
  return toWebResponse(errorAnswer(err));
}
