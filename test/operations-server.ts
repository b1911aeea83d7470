import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { matchOperationsPath, serveOperation } from '@/server/operations/probes';
import type { Readiness } from '@/server/operations/readiness';
import { checkResponse } from './response-contracts';

/**
 * GET /healthz, /readyz and /metrics as server.ts answers them once started (from node:http,
 * ahead of Next), on a loopback port of the test's own; each answer is held to its contract as
 * test/api.ts holds the routes' answers.
 */
export async function withOperationsServer<T>(readiness: Readiness, run: (get: OperationsGet) => Promise<T>): Promise<T> {
  const server = http.createServer((req, res) => {
    const operation = matchOperationsPath(req.url);
    if (!operation) return void res.writeHead(404).end();
    serveOperation(operation, req, res, readiness).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get: OperationsGet = async (path, headers = {}) => {
    const res = await fetch(`${base}${path}`, { headers });
    const answer = { status: res.status, headers: res.headers, text: await res.text() };
    checkResponse({ method: 'GET', url: path, template: path.split('?')[0] ?? path, ...answer });
    return answer;
  };
  try {
    return await run(get);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

export type OperationsGet = (path: string, headers?: Record<string, string>) => Promise<{ status: number; headers: Headers; text: string }>;
