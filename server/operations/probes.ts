import type { IncomingMessage, ServerResponse } from 'node:http';
import { OPERATIONS_ENDPOINTS } from '@/lib/api/operations';
import { ApiError } from '@/lib/errors';
import { answer, plainAnswer } from '@/server/http/answer';
import { writeNodeAnswer } from '@/server/http/head-route';
import { errorAnswer } from '@/server/http/respond';
import { metricsRoute } from '@/server/metrics/metrics-route';
import type { Readiness } from './readiness';

/** `/healthz`, `/readyz` or `/metrics` (a query string aside) → which; anything else → null. */
export function matchOperationsPath(url: string | undefined): 'health' | 'readiness' | 'metrics' | null {
  const path = url?.split('?', 1)[0];
  if (path === '/healthz') return 'health';
  if (path === '/readyz') return 'readiness';
  if (path === '/metrics') return 'metrics';
  return null;
}

/** GET /healthz: the process answers; nothing else is asked of it. */
export function serveHealth(req: IncomingMessage, res: ServerResponse): void {
  writeNodeAnswer(req, res, plainAnswer(OPERATIONS_ENDPOINTS.health, answer(200, { status: 'ok' as const })));
}

/** GET /readyz: 200 once started with a database that answers now, else 503 NOT_READY saying why. */
export async function serveReadiness(req: IncomingMessage, res: ServerResponse, readiness: Readiness): Promise<void> {
  const answered = await readiness
    .check()
    .then((database) => plainAnswer(OPERATIONS_ENDPOINTS.readiness, answer(200, { status: 'ready' as const, database })), errorAnswer);
  writeNodeAnswer(req, res, answered);
}

export type Operation = NonNullable<ReturnType<typeof matchOperationsPath>>;

/** Answer one of them once the server is started; the promise carries any failure, writing the answer included. */
export function serveOperation(operation: Operation, req: IncomingMessage, res: ServerResponse, readiness: Readiness): Promise<void> {
  if (operation === 'health') {
    serveHealth(req, res);
    return Promise.resolve();
  }
  if (operation === 'readiness') return serveReadiness(req, res, readiness);
  return metricsRoute.serveNode(req, res, {});
}

/**
 * While the server starts, the probes answer and every other request is told to come back
 * (503 NOT_READY, Retry-After): a proxy keeps its traces and its last surface meanwhile.
 */
export function serveWhileStarting(readiness: Readiness): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const operation = req.method === 'GET' || req.method === 'HEAD' ? matchOperationsPath(req.url) : null;
    if (operation === 'health') return serveHealth(req, res);
    if (operation === 'readiness') return void serveReadiness(req, res, readiness).catch(() => res.destroy());
    const starting = new ApiError('NOT_READY', `favindex is ${readiness.phase}`, {
      suggestedAction: 'retry in a few seconds: it is starting',
      citedRule: '§storage',
      headers: { 'retry-after': '2' },
    });
    writeNodeAnswer(req, res, errorAnswer(starting));
  };
}
