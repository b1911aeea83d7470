import type { ErrorEnvelope } from './errors';

/** An API error as the dashboard sees it: the §errors envelope plus the HTTP status. */
export class ApiClientError extends Error {
  readonly status: number;
  readonly envelope: ErrorEnvelope;

  constructor(status: number, envelope: ErrorEnvelope) {
    super(envelope.message);
    this.name = 'ApiClientError';
    this.status = status;
    this.envelope = envelope;
  }
}

/**
 * The dashboard's one way to call the API: the same JSON API the proxies use. Errors come
 * back as ApiClientError with the envelope, so the UI can say what went wrong and what to do.
 */
export async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  const res = await fetch(path, {
    ...rest,
    headers: {
      accept: 'application/json',
      ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  if (res.status === 204 || res.status === 304) return undefined as T;
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!res.ok) {
    const envelope =
      body && typeof body === 'object' && 'error_code' in body
        ? (body as ErrorEnvelope)
        : {
            error_code: 'INTERNAL_ERROR' as const,
            message: `the server answered ${res.status} ${res.statusText}`,
            retryable: res.status >= 500,
            suggested_action: 'retry; if it persists, check the server logs',
            cited_rule: '§errors' as const,
          };
    throw new ApiClientError(res.status, envelope);
  }
  return body as T;
}
