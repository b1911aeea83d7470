import type { IncomingMessage, ServerResponse } from 'node:http';
import { INTERNAL_ERROR_ENVELOPE } from '@/lib/errors';

type RouteHandler<P> = (req: Request, ctx: { params: Promise<P> }) => Promise<Response>;

/**
 * Run an App Router route handler straight from node:http, skipping Next's request pipeline
 * for a hot, bodiless endpoint. The handler is the same apiRoute-wrapped export Next would
 * call, so authorisation and error envelopes are unchanged.
 */
export async function runRouteHandler<P>(handler: RouteHandler<P>, params: P, req: IncomingMessage, res: ServerResponse): Promise<void> {
  let response: Response;
  try {
    response = await handler(toRequest(req), { params: Promise.resolve(params) });
  } catch (err) {
    console.error('[favindex] direct route failed', err);
    response = new Response(JSON.stringify(INTERNAL_ERROR_ENVELOPE), { status: 500, headers: { 'content-type': 'application/json; charset=utf-8' } });
  }
  await writeResponse(response, res, req.method === 'HEAD');
}

function toRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  // Only bodiless methods come here. The URL is built the way Next builds it, from the Host header.
  return new Request(requestUrl(req), { method: req.method === 'HEAD' ? 'GET' : req.method, headers });
}

function requestUrl(req: IncomingMessage): URL {
  try {
    return new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
  } catch {
    return new URL(req.url ?? '/', 'http://localhost');
  }
}

async function writeResponse(response: Response, res: ServerResponse, head: boolean): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  const body = response.body && response.status !== 304 ? Buffer.from(await response.arrayBuffer()) : null;
  if (body) headers['content-length'] = String(body.byteLength);
  res.writeHead(response.status, headers);
  res.end(head ? undefined : (body ?? undefined));
}

/** `/api/projects/<id>/surface[?…]` → the project id; anything else → null. */
export function matchSurfacePath(url: string | undefined): { id: string } | null {
  const encoded = /^\/api\/projects\/([^/?#]+)\/surface(?:\?|$)/.exec(url ?? '')?.[1];
  if (encoded === undefined) return null;
  try {
    return { id: decodeURIComponent(encoded) };
  } catch {
    return null;
  }
}
