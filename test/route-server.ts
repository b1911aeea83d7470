/**
 * A loopback HTTP server that hands every request to the app's real route handlers (as
 * test/api.ts routes them), so clients that speak HTTP themselves, such as an OpenTelemetry
 * exporter, can be pointed at the API without building the app. It keeps what it saw; a GET
 * or HEAD of a surface is answered from node:http ahead of the routes, as server.ts answers
 * it (and not kept).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { surfaceRoute } from '@/server/surface/surface-route';
import { matchSurfacePath } from '@/server/http/node-bridge';
import { request } from './api';

export interface Exchange {
  path: string;
  headers: Record<string, string>;
  body: Buffer;
  status: number;
  response: string;
}

/** Answers a GET or HEAD of a project's surface in place of the route: a test's own document. */
export type SurfaceAnswer = (req: http.IncomingMessage, res: http.ServerResponse, surface: { id: string }) => Promise<void>;

export async function startRouteServer(options: { surface?: SurfaceAnswer } = {}): Promise<{ origin: string; exchanges: Exchange[]; stop(): Promise<void> }> {
  const exchanges: Exchange[] = [];
  const serveSurface = options.surface ?? ((req, res, surface) => surfaceRoute.serveNode(req, res, surface));
  const server = http.createServer(async (req, res) => {
    const surface = req.method === 'GET' || req.method === 'HEAD' ? matchSurfacePath(req.url) : null;
    if (surface) {
      await serveSurface(req, res, surface);
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string' && !['host', 'connection', 'transfer-encoding'].includes(name)) headers[name] = value;
    }
    const answer = await request(req.method ?? 'GET', req.url ?? '/', { body: body.length > 0 ? body : undefined, headers });
    exchanges.push({ path: req.url ?? '/', headers, body, status: answer.status, response: answer.text });
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    res.end(answer.text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    exchanges,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
