import { errorMessage } from '@/lib/thrown';

/**
 * Which failures of a model endpoint are worth another try, and which stop the run. A bake-off
 * sends every cell to the same address with the same key: an address that refuses connections,
 * does not resolve, has no such API or turns the key away fails every cell alike, so the run
 * stops at its first request with what to check (a refused port was once retried 7 times per
 * cell: 132 s for 2 cells, then an empty table). Only what can succeed later is retried: a rate
 * limit, a server fault, a time-out, a dropped connection.
 */

/** Why the endpoint cannot serve the run: the command says what to check for each. */
export type UnusableReason = 'unreachable' | 'unauthorised' | 'wrong_address' | 'rate_limited';

/** The endpoint cannot serve this run at all; not a cell's failure (EndpointError), so the run stops. */
export class UnusableEndpointError extends Error {
  constructor(
    readonly reason: UnusableReason,
    message: string,
  ) {
    super(message);
    this.name = 'UnusableEndpointError';
  }
}

/** Rate limited, a time-out on the way, overloaded (Anthropic's 529) or another passing server fault. */
export function isRetryableStatus(status: number): boolean {
  // 501 and 505 say the server will never take this request.
  return status === 408 || status === 429 || (status >= 500 && status !== 501 && status !== 505);
}

/** Statuses that fail every request of the run alike: no key or a bad one, or no such API at the address. */
export function unusableStatus(status: number): UnusableReason | null {
  if (status === 401 || status === 403) return 'unauthorised';
  // 405: something answers there, but takes no POST: the address is not the API's.
  if (status === 404 || status === 405) return 'wrong_address';
  return null;
}

/** Node's codes for a connection dropped or timed out on the way, and for a name server that did not answer in time. */
const PASSING_CODES = new Set([
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/** The system's code of a failed fetch (`ECONNREFUSED`…): fetch wraps it in `cause`, a dual-stack connect in an AggregateError. */
function codeOf(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    if ('code' in e && typeof e.code === 'string') return e.code;
    if ('errors' in e && Array.isArray(e.errors) && e.errors.length > 0) e = e.errors[0];
    else e = 'cause' in e ? e.cause : undefined;
  }
  return undefined;
}

function deepestMessage(err: unknown): string {
  let e = err;
  while (e instanceof Error && e.cause instanceof Error) e = e.cause;
  return errorMessage(e);
}

/**
 * A request that got no answer: `retry` with what happened when trying again can help (a
 * time-out, a dropped connection), else the reason the run stops and its one line.
 */
export function transportFailure(err: unknown, target: string): { retry: true; message: string } | { retry: false; error: UnusableEndpointError } {
  const { host } = new URL(target);
  const code = codeOf(err);
  if ((err instanceof Error && err.name === 'TimeoutError') || (code !== undefined && PASSING_CODES.has(code)))
    return { retry: true, message: `no answer from ${host}: ${deepestMessage(err)}` };
  if (code === 'ECONNREFUSED')
    return { retry: false, error: new UnusableEndpointError('unreachable', `the model endpoint ${target} refused the connection (ECONNREFUSED)`) };
  if (code === 'ENOTFOUND')
    return { retry: false, error: new UnusableEndpointError('unreachable', `the model endpoint's host ${host} does not resolve (ENOTFOUND)`) };
  // A certificate, a port fetch will not use, an address that is not one: no second try changes it.
  return {
    retry: false,
    error: new UnusableEndpointError('unreachable', `the model endpoint ${target} cannot be reached: ${deepestMessage(err)}${code ? ` (${code})` : ''}`),
  };
}
