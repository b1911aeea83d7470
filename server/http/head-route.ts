import type { IncomingMessage, ServerResponse } from 'node:http';
import { nodeRequestHead, type RequestHead } from './request-head';
import { errorAnswer, type PlainResponse, toWebResponse } from './respond';
import { type ApiHandler, type HeadArgs, headArgs, normaliseSpec, type ParamsOf, type Parsed, type RouteSpec, type Schema } from './route';

export type HeadRouteArgs<P, Q> = HeadArgs<P, Q> & { head: RequestHead };

/** A bodiless GET route Next serves, which server.ts can also serve from node:http directly. */
export type HeadRoute<P> = ApiHandler<P> & {
  /** Answer a node:http request with no Web Request or Response in between: the proxies' hot path. */
  serveNode(req: IncomingMessage, res: ServerResponse, params: Record<string, string>): Promise<void>;
};

/**
 * apiRoute for a GET endpoint answered from its request's head alone (no body), whose
 * handler returns plain data. Next calls it as any route; `serveNode` gives the same checks,
 * the same bytes and the same errors without Next's pipeline.
 */
export function headRoute<PS extends Schema = undefined, Q extends Schema = undefined>(
  spec: RouteSpec<PS, Q, undefined>,
  answer: (args: HeadRouteArgs<ParamsOf<PS>, Parsed<Q>>) => Promise<PlainResponse>,
): HeadRoute<ParamsOf<PS>> {
  const full = normaliseSpec(spec);
  const run = async (head: RequestHead, raw: Record<string, string | string[]>): Promise<PlainResponse> => {
    try {
      return await answer({ ...(await headArgs(full, head, raw)), head });
    } catch (err) {
      return errorAnswer(err);
    }
  };
  const route = async (req: Request, ctx: { params: Promise<ParamsOf<PS>> }) =>
    toWebResponse(await run(req, ((await ctx?.params) ?? {}) as Record<string, string>));
  const serveNode = async (req: IncomingMessage, res: ServerResponse, params: Record<string, string>) => {
    const answered = await run(nodeRequestHead(req), params);
    const body = answered.body === null ? null : typeof answered.body === 'string' ? Buffer.from(answered.body) : answered.body;
    const headers: Record<string, string> = body ? { ...answered.headers, 'content-length': String(body.byteLength) } : answered.headers;
    res.writeHead(answered.status, headers);
    res.end(req.method === 'HEAD' || body === null ? undefined : body);
  };
  return Object.assign(route, { access: full.access, serveNode });
}
