import { otlpQuerySchema } from '@/lib/schemas/otlp';
import { ingestTraceExport } from '@/server/events/otlp';
import { readOtlpJson } from '@/server/http/otlp-body';
import { projectParams } from '@/lib/api/params';
import { json } from '@/server/http/respond';
import { apiRoute } from '@/server/http/route';

/**
 * OTLP/HTTP JSON trace ingest (§events): the answer is an ExportTraceServiceResponse; rejected
 * spans are counted in partialSuccess.
 */
export const POST = apiRoute(
  { access: 'events:write', params: projectParams, query: otlpQuerySchema, rule: '§events' },
  async ({ app, req, params, query, principal }) => {
    const doc = await readOtlpJson(req);
    return json(await ingestTraceExport(app, params.id, doc, query.spanKind, principal.kind === 'token' ? principal.tokenName : null));
  },
);
