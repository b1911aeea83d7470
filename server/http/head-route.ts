import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AnswerOf, EncodedAnswerOf, EndpointSpec } from '@/lib/api/endpoint';
import { EncodedJson } from '@/lib/api/encoded-json';
import { plainAnswer } from './answer';
import { nodeRequestHead, type RequestHead } from './request-head';
import { errorAnswer, type PlainResponse, toWebResponse } from './respond';
import { type ApiHandler, type HeadArgs, headArgs, type ParamsOf, type Parsed } from './route';

export type HeadRouteArgs<P, Q> = HeadArgs<P, Q> & { head: RequestHead };

/** A bodiless GET route Next serves, which server.ts can also serve from node:http directly. */
export type HeadRoute<P> = ApiHandler<P> & {
  /**
   * Answer a node:http request with no Web Request or Response in between: the proxies' hot
   * path. The promise carries any failure, writing the answer included: it never throws.
   */
  serveNode(req: IncomingMessage, res: ServerResponse, params: Record<string, string>): Promise<void>;
};

/**
 * endpointRoute for a declared GET answered from its request's head alone (no body). Next
 * calls it as any route; `serveNode` gives the same checks, the same bytes and the same errors
 * without Next's pipeline. The answer is typed by the declaration as endpointRoute's is.
 */
export function headRoute<E extends EndpointSpec & { method: 'get' }>(
  spec: E,
  handler: (args: HeadRouteArgs<ParamsOf<E['params']>, Parsed<E['query']>>) => Promise<AnswerOf<E> | EncodedAnswerOf<E>>,
): HeadRoute<ParamsOf<E['params']>> {
  const checks = { access: spec.access, params: spec.params, query: spec.query, rule: spec.rule };
  const run = async (head: RequestHead, raw: Record<string, string | string[]>): Promise<PlainResponse> => {
    try {
      return plainAnswer(spec, await handler({ ...(await headArgs<E['params'], E['query'], undefined>(checks, head, raw)), head }));
    } catch (err) {
      return errorAnswer(err);
    }
  };
  const route = async (req: Request, ctx: { params: Promise<ParamsOf<E['params']>> }) =>
    // Next gives dynamic segments as strings; no endpoint served through headRoute has a catch-all segment.
    toWebResponse(await run(req, ((await ctx?.params) ?? {}) as Record<string, string>));
  const serveNode = (req: IncomingMessage, res: ServerResponse, params: Record<string, string>) =>
    run(nodeRequestHead(req), params).then((answered) => writeNodeAnswer(req, res, answered));
  return Object.assign(route, { access: spec.access, serveNode });
}

/** Write an answer to a node:http response, its parts as they are, with their length. */
export function writeNodeAnswer(req: IncomingMessage, res: ServerResponse, answered: PlainResponse): void {
  const parts = bodyParts(answered.body);
  const headers: Record<string, string> = parts ? { ...answered.headers, 'content-length': String(byteLength(parts)) } : answered.headers;
  res.writeHead(answered.status, headers);
  if (req.method === 'HEAD' || !parts) {
    res.end();
    return;
  }
  for (const part of parts.slice(0, -1)) res.write(part);
  res.end(parts.at(-1));
}

function bodyParts(body: PlainResponse['body']): readonly Uint8Array[] | null {
  if (body === null) return null;
  return body instanceof EncodedJson ? body.parts : [Buffer.from(body)];
}

function byteLength(parts: readonly Uint8Array[]): number {
  let length = 0;
  for (const part of parts) length += part.byteLength;
  return length;
}
