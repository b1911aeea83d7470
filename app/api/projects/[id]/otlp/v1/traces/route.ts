import { EVENT_ENDPOINTS } from '@/lib/api/events';
import { ingestTraceExport } from '@/server/events/otlp';
import { answer, endpointRoute } from '@/server/http/endpoint-route';
import { readOtlpJson } from '@/server/http/otlp-body';

/**
 * OTLP/HTTP JSON trace ingest (§events): the answer is an ExportTraceServiceResponse; rejected
 * spans are counted in partialSuccess.
 */
export const POST = endpointRoute(EVENT_ENDPOINTS.otlp, async ({ app, req, params, query, principal }) => {
  const doc = await readOtlpJson(req);
  return answer(200, await ingestTraceExport(app, params.id, doc, query.spanKind, principal.kind === 'token' ? principal.tokenName : null));
});
