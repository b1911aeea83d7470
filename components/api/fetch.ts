import { type FavindexRequest, FavindexHttpError, readContract, sendToFavindex } from '@/client/http';
import { type EndpointSpec, type PathParamNames, pathOf, type RequestBodyOf, type SuccessOf, successContract } from '@/lib/api/endpoint';
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

/* The same JSON API the proxies use. Errors come back as ApiClientError with the envelope, so the UI can say what went wrong and what to do. */
type ApiRequest = Omit<FavindexRequest, 'baseUrl' | 'path' | 'timeoutMs' | 'redirect'>;

/**
 * The dashboard's one way to call a declared endpoint (lib/api/) with a request it builds itself
 * (a YAML body): the answer is read with the declaration's success contract, as the CLI and the
 * proxy read theirs, so a page never holds a body its types do not describe.
 */
export async function apiFetch<E extends EndpointSpec>(spec: E, path: string, init: ApiRequest = {}): Promise<SuccessOf<E>> {
  let body: unknown;
  try {
    body = (await sendToFavindex({ ...init, baseUrl: '', path, headers: { accept: 'application/json', ...init.headers } })).json;
  } catch (err) {
    throw asApiClientError(err);
  }
  const contract = successContract(spec);
  // SuccessOf<E> is the output of this very contract, or undefined when the declaration has none.
  if (!contract) return undefined as SuccessOf<E>;
  const read = readContract(contract, body);
  if (read.ok) return read.data as SuccessOf<E>;
  throw new ApiClientError(200, {
    error_code: 'INTERNAL_ERROR',
    message: `the server answered ${init.method ?? 'GET'} ${path.split('?')[0]} with something this page does not expect (${read.issue})`,
    retryable: false,
    suggested_action: 'reload the page: the server may have been upgraded since it was opened',
    cited_rule: '§errors',
  });
}

/** Call a declared endpoint (lib/api/): its method and path from the declaration, its answer read with its contract. */
export function fetchEndpoint<E extends EndpointSpec>(
  spec: E,
  params: Record<PathParamNames<E['path']>, string>,
  init: { json?: RequestBodyOf<E>; query?: Record<string, string | number | boolean | undefined>; headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<SuccessOf<E>> {
  return apiFetch(spec, pathOf(spec, params, init.query), {
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
