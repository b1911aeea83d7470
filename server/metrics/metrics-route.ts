import { OPERATIONS_ENDPOINTS } from '@/lib/api/operations';
import { answer } from '@/server/http/answer';
import { headRoute } from '@/server/http/head-route';

/**
 * GET /metrics (docs/operations.md): the figures in the Prometheus text format, under the
 * access rules of the API (metrics:read, or the admin; open on loopback in local mode).
 * server.ts serves it from node:http ahead of Next (`serveNode`).
 */
export const metricsRoute = headRoute(OPERATIONS_ENDPOINTS.metrics, async ({ app, db }) => answer(200, await app.metrics.exposition(db)));
