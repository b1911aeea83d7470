import type { EndpointSpec } from '@/lib/api/endpoint';
import { EncodedJson } from '@/lib/api/encoded-json';
import type { PlainResponse } from './respond';

/** A handler's answer: the status stays a literal, so the declaration can say which body it takes. */
export function answer<const S extends number, B>(
  status: S,
  body: B,
  headers?: Record<string, string>,
): { status: S; body: B; headers?: Record<string, string> } {
  return headers ? { status, body, headers } : { status, body };
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

/**
 * The answer as HTTP, for Next and node:http alike: a contract's body as JSON (encoded here,
 * or ahead), a text in its declared media type, or no body; the handler's headers last.
 */
export function plainAnswer(spec: EndpointSpec, answer: { status: number; body: unknown; headers?: Record<string, string> }): PlainResponse {
  const { status, body, headers } = answer;
  const declared = spec.responses[status];
  if (body instanceof EncodedJson) return { status, headers: { ...JSON_HEADERS, ...headers }, body };
  if (declared?.schema && '_zod' in declared.schema) return { status, headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(body) };
  if (declared?.mediaType === null || body === null) return { status, headers: { ...headers }, body: null };
  return {
    status,
    headers: { 'content-type': `${declared?.mediaType ?? 'text/plain'}; charset=utf-8`, 'cache-control': 'no-store', ...headers },
    body: String(body),
  };
}
