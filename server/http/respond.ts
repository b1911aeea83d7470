import { ApiError, INTERNAL_ERROR_ENVELOPE } from '@/lib/errors';

export function json(data: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(JSON.stringify(data), {
    status: init.status ?? 200,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...init.headers },
  });
}

const DB_DOWN_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECT_TIMEOUT', '57P01', '57P03', '53300']);

/** The central error handler: ApiError becomes its envelope; anything else a 500 that leaks nothing. */
export function errorResponse(err: unknown): Response {
  if (err instanceof ApiError) {
    return json(err.toEnvelope(), { status: err.status, headers: err.headers });
  }
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && DB_DOWN_CODES.has(code)) {
    const unavailable = new ApiError('DATABASE_UNAVAILABLE', 'the database is unavailable', {
      suggestedAction: 'retry in a few seconds',
      citedRule: '§storage',
    });
    return json(unavailable.toEnvelope(), { status: 503, headers: { 'retry-after': '2' } });
  }
  console.error('[favindex] unhandled error', err);
  return json(INTERNAL_ERROR_ENVELOPE, { status: 500 });
}
