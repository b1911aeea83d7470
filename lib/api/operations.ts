import { healthSchema, readinessSchema } from '@/lib/contracts/operations';
import { endpoint } from './endpoint';

/**
 * What runs the server as a service reads (docs/operations.md): liveness and readiness for
 * probes, and the figures for a Prometheus scraper. server.ts answers them from node:http ahead
 * of Next, so they answer while Next is busy, and the probes while the server is starting.
 */
export const OPERATIONS_ENDPOINTS = {
  health: endpoint({
    method: 'get',
    path: '/healthz',
    tag: 'operations',
    access: 'public',
    summary: 'Liveness: the process answers (no database work)',
    responses: { 200: { description: 'The process is up; it says nothing of the database.', schema: healthSchema } },
  }),
  readiness: endpoint({
    method: 'get',
    path: '/readyz',
    tag: 'operations',
    access: 'public',
    summary: 'Readiness: migrations applied, warm-up done, and the database answers a query now',
    description:
      'While the server starts (opening the database, applying migrations, preparing the pages, warming up), when it is stopping, or when the database does not answer within 2 s, the answer is 503 NOT_READY, its message saying which; every other request gets the same 503 while the server starts.',
    responses: { 200: { description: 'Ready to serve.', schema: readinessSchema } },
    errors: ['NOT_READY'],
  }),
  metrics: endpoint({
    method: 'get',
    path: '/metrics',
    tag: 'operations',
    access: 'metrics:read',
    summary: "The server's figures in the Prometheus text format",
    description:
      'Ingest, surface polls, proxies and their backlog, the database pool, request latency per route family and the process itself, every series named `favindex_…` (docs/operations.md lists them). The figures name no project: a token of any project holding `metrics:read` reads them.',
    responses: {
      200: {
        description: 'The Prometheus text exposition format, version 0.0.4.',
        mediaType: 'text/plain; version=0.0.4',
        schema: { type: 'string', description: 'Lines of `# HELP`, `# TYPE` and `name{labels} value`, as Prometheus scrapes them.' },
      },
    },
  }),
};
