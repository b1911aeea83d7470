import type { AnswerOf, EndpointSpec } from '@/lib/api/endpoint';
import { json } from './respond';
import { type ApiHandler, apiRoute, type ParamsOf, type Parsed, type RouteArgs } from './route';

type ArgsOf<E extends EndpointSpec> = RouteArgs<ParamsOf<E['params']>, Parsed<E['query']>, Parsed<E['json']>>;

/** A handler's answer: the status stays a literal, so the declaration can say which body it takes. */
export function answer<const S extends number, B>(
  status: S,
  body: B,
  headers?: Record<string, string>,
): { status: S; body: B; headers?: Record<string, string> } {
  return headers ? { status, body, headers } : { status, body };
}

/** The answer as HTTP: a contract's body as JSON, a text as its declared media type, or no body. */
function responseOf(spec: EndpointSpec, answer: { status: number; body: unknown; headers?: Record<string, string> }): Response {
  const declared = spec.responses[answer.status];
  if (declared?.schema && '_zod' in declared.schema) return json(answer.body, { status: answer.status, headers: answer.headers });
  if (declared?.mediaType === null || answer.body === null) return new Response(null, { status: answer.status, headers: answer.headers });
  return new Response(answer.body as string, {
    status: answer.status,
    headers: { 'content-type': `${declared?.mediaType ?? 'text/plain'}; charset=utf-8`, 'cache-control': 'no-store', ...answer.headers },
  });
}

/**
 * A route of a declared endpoint (lib/api/): apiRoute with the declaration's access and
 * request schemas, and a handler whose answer must be one of the declared statuses with the
 * body its contract describes, or `tsc` refuses it.
 */
export function endpointRoute<E extends EndpointSpec>(spec: E, handler: (args: ArgsOf<E>) => Promise<AnswerOf<E>>): ApiHandler<ParamsOf<E['params']>> {
  const route = apiRoute<E['params'], E['query'], E['json']>(
    { access: spec.access, params: spec.params, query: spec.query, body: spec.json, bodyLimit: spec.bodyLimit, rule: spec.rule },
    async (args) => responseOf(spec, await handler(args as ArgsOf<E>)),
  );
  return route;
}
