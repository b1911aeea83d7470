import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AnswerOf, EncodedAnswerOf, EndpointSpec } from '@/lib/api/endpoint';
import type { ApiError } from '@/lib/errors';
import { plainAnswer } from './answer';
import { readBodyBytes } from './body';
import { writeNodeAnswer } from './head-route';
import { nodeRequestHead, type RequestHead } from './request-head';
import { errorAnswer, type PlainResponse, toWebResponse } from './respond';
import { type ApiHandler, type HeadArgs, headArgs, type ParamsOf, type Parsed } from './route';

/** A request's body, read when the handler asks, whichever way the request came in. */
export interface RequestBody {
  /** Its bytes; `tooLarge()` is thrown past maxBytes (at once for a Content-Length past it), before more is buffered. */
  bytes(maxBytes: number, tooLarge: () => ApiError): Promise<Uint8Array>;
}

export type BodyRouteArgs<P, Q> = HeadArgs<P, Q> & { head: RequestHead; body: RequestBody };

/** A route Next serves that server.ts can also serve from node:http directly. */
export type BodyRoute<P> = ApiHandler<P> & {
  /** The same checks, handler and answer without a Web Request or Response; the promise carries any failure, writing the answer included. */
  serveNode(req: IncomingMessage, res: ServerResponse, params: Record<string, string>): Promise<void>;
};

/**
 * endpointRoute for a declared write whose handler reads its body itself (NDJSON, bytes):
 * Next calls it as any route, and `serveNode` gives the same checks, the same answers and the
 * same errors without Next's pipeline, for the requests every proxy makes every second (their
 * trace posts). As apiRoute does, a write that succeeded is told to the pages open on its project.
 */
export function bodyRoute<E extends EndpointSpec>(
  spec: E,
  handler: (args: BodyRouteArgs<ParamsOf<E['params']>, Parsed<E['query']>>) => Promise<AnswerOf<E> | EncodedAnswerOf<E>>,
): BodyRoute<ParamsOf<E['params']>> {
  const checks = { access: spec.access, params: spec.params, query: spec.query, rule: spec.rule };
  const run = async (head: RequestHead, raw: Record<string, string | string[]>, body: RequestBody): Promise<PlainResponse> => {
    try {
      const args = await headArgs<E['params'], E['query'], undefined>(checks, head, raw);
      const answered = plainAnswer(spec, await handler({ ...args, head, body }));
      if (answered.status < 400) args.app.changeFeed.noteRequest(head.method, head.url);
      return answered;
    } catch (err) {
      return errorAnswer(err);
    }
  };
  const route = async (req: Request, ctx: { params: Promise<ParamsOf<E['params']>> }) =>
    // Next gives dynamic segments as strings; no endpoint served through bodyRoute has a catch-all segment.
    toWebResponse(
      await run(req, ((await ctx?.params) ?? {}) as Record<string, string>, {
        bytes: (maxBytes, tooLarge) => readBodyBytes(req, maxBytes, tooLarge),
      }),
    );
  const serveNode = (req: IncomingMessage, res: ServerResponse, params: Record<string, string>) =>
    run(nodeRequestHead(req), params, { bytes: (maxBytes, tooLarge) => readNodeBody(req, maxBytes, tooLarge) }).then((answered) =>
      writeNodeAnswer(req, res, answered),
    );
  return Object.assign(route, { access: spec.access, serveNode });
}

/**
 * A node:http request's body, refused past maxBytes as readBodyBytes refuses a Web one; the
 * rest of a refused body is read and dropped (server.ts closes such a connection after the answer).
 */
export function readNodeBody(req: IncomingMessage, maxBytes: number, tooLarge: () => ApiError): Promise<Uint8Array> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    req.resume();
    return Promise.reject(tooLarge());
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const done = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      total += chunk.byteLength;
      if (total <= maxBytes) return void chunks.push(chunk);
      done();
      req.resume();
      reject(tooLarge());
    };
    const onEnd = () => {
      done();
      resolve(Buffer.concat(chunks, total));
    };
    const onError = (err: Error) => {
      done();
      reject(err);
    };
    const onClose = () => {
      done();
      if (!req.complete) reject(new Error('the client closed the connection before the request body ended'));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}
