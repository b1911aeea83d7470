import { type FavindexRequest, FavindexHttpError, sendToFavindex } from '@/client/http';
import { type EndpointSpec, type PathParamNames, pathOf, type RequestBodyOf, type SuccessOf } from '@/lib/api/endpoint';
import type { ErrorEnvelope } from '@/lib/contracts/errors';

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
 * favindex's refusals and answers from something else as ApiClientError, with an envelope the
 * page can show; no answer at all stays a plain error, which the page words as "could not reach".
 */
function asApiClientError(err: unknown): unknown {
  if (!(err instanceof FavindexHttpError)) return err;
  const f = err.failure;
  if (f.kind === 'unreachable') return new Error(`favindex did not answer: ${f.reason}`);
  if (f.kind === 'refused') return new ApiClientError(f.status, f.envelope);
  return new ApiClientError(f.status, {
    error_code: 'INTERNAL_ERROR',
    message: `the server answered ${f.what}`,
    retryable: err.retryable,
    suggested_action: 'retry; if it persists, check the server logs',
    cited_rule: '§errors',
  });
}

/**
 * The dashboard's one way to call the API: the same JSON API the proxies use. Errors come
 * back as ApiClientError with the envelope, so the UI can say what went wrong and what to do.
 */
export async function apiFetch<T>(path: string, init: Omit<FavindexRequest, 'baseUrl' | 'path' | 'timeoutMs' | 'redirect'> = {}): Promise<T> {
  try {
    const answer = await sendToFavindex({ ...init, baseUrl: '', path, headers: { accept: 'application/json', ...init.headers } });
    // The hook that asks names the contract its endpoint answers with.
    return answer.json as T;
  } catch (err) {
    throw asApiClientError(err);
  }
}

/** Call a declared endpoint (lib/api/): its method and path from the declaration, its answer typed by its contract. */
export function fetchEndpoint<E extends EndpointSpec>(
  spec: E,
  params: Record<PathParamNames<E['path']>, string>,
  init: { json?: RequestBodyOf<E>; query?: Record<string, string | number | boolean | undefined>; headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<SuccessOf<E>> {
  return apiFetch<SuccessOf<E>>(pathOf(spec, params, init.query), {
    method: spec.method.toUpperCase(),
    json: init.json,
    headers: init.headers,
    signal: init.signal,
  });
}

/** GET a text resource (YAML exports); errors come back as ApiClientError like apiFetch's. */
export async function fetchText(path: string): Promise<string> {
  try {
    return (await sendToFavindex({ baseUrl: '', path, headers: { accept: 'application/yaml, application/json' } })).text;
  } catch (err) {
    throw asApiClientError(err);
  }
}
