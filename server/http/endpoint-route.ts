import type { AnswerOf, EncodedAnswerOf, EndpointSpec } from '@/lib/api/endpoint';
import { plainAnswer } from './answer';
import { toWebResponse } from './respond';
import { type ApiHandler, apiRoute, type ParamsOf, type Parsed, type RouteArgs } from './route';

export { answer } from './answer';

type ArgsOf<E extends EndpointSpec> = RouteArgs<ParamsOf<E['params']>, Parsed<E['query']>, Parsed<E['json']>>;

/**
 * A route of a declared endpoint (lib/api/): apiRoute with the declaration's access and
 * request schemas, and a handler whose answer must be one of the declared statuses with the
 * body its contract describes, or `tsc` refuses it.
 */
export function endpointRoute<E extends EndpointSpec>(
  spec: E,
  handler: (args: ArgsOf<E>) => Promise<AnswerOf<E> | EncodedAnswerOf<E>>,
): ApiHandler<ParamsOf<E['params']>> {
  const route = apiRoute<E['params'], E['query'], E['json']>(
    { access: spec.access, params: spec.params, query: spec.query, body: spec.json, bodyLimit: spec.bodyLimit, rule: spec.rule },
    // Sound: args were parsed by the schemas of this same declaration E.
    async (args) => toWebResponse(plainAnswer(spec, await handler(args as ArgsOf<E>))),
  );
  return route;
}
