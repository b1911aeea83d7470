import { z } from 'zod';

/**
 * `POST /api/projects/:id/otlp/v1/traces?spanKind=`: which side of a traced call counts. By
 * default the client's span; `server` when only MCP servers are instrumented; `all` both.
 */
export const otlpQuerySchema = z.object({ spanKind: z.enum(['client', 'server', 'all']).default('client') });
