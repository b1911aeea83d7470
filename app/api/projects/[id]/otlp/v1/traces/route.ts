import { getDb } from '@/db/client';
import { listServerEndpoints } from '@/db/queries/catalog-sync';
import { ingestEvents } from '@/db/queries/ingest';
import { requireProject } from '@/db/queries/projects';
import { ApiError } from '@/lib/errors';
import { isReject, validateEvent, type ValidatedEvent } from '@/lib/events/validate-event';
import { json } from '@/lib/http/respond';
import { apiRoute } from '@/lib/http/route';
import { parseQuery } from '@/lib/http/validate';
import { readOtlpJson } from '@/lib/otlp/read-body';
import { exportResponse, type SpanReject } from '@/lib/otlp/export-response';
import { extractToolCallSpans, serverHints } from '@/lib/otlp/spans-to-events';
import { MAX_EVENTS_PER_REQUEST } from '@/lib/schemas/events';
import { otlpQuerySchema } from '@/lib/schemas/otlp';

type Params = { id: string };

/**
 * OTLP/HTTP JSON trace ingest: every MCP tools/call span becomes a tool_call_trace event
 * (id `otel:<spanId>`, so re-exporting is safe) resolved to its canonical name like any other
 * (§events, §names). The answer is an ExportTraceServiceResponse; rejected spans are counted
 * in partialSuccess.
 */
export const POST = apiRoute<Params>('events:write', async ({ req, params }) => {
  const { spanKind } = parseQuery(otlpQuerySchema, req.url, '§events');
  const doc = await readOtlpJson(req);
  const db = await getDb();
  await requireProject(db, params.id);
  const servers = serverHints(await listServerEndpoints(db, params.id));
  const { outcomes, filteredOut } = extractToolCallSpans(doc, { spanKind, servers });
  if (outcomes.length > MAX_EVENTS_PER_REQUEST) {
    throw new ApiError('TOO_MANY_EVENTS', `the export holds ${outcomes.length} MCP tools/call spans; the limit is ${MAX_EVENTS_PER_REQUEST}`, {
      suggestedAction: `export at most ${MAX_EVENTS_PER_REQUEST} spans per request; nothing of this export was stored`,
      citedRule: '§events',
    });
  }
  const now = Date.now();
  const valid: ValidatedEvent[] = [];
  const rejected: SpanReject[] = [];
  outcomes.forEach((outcome, index) => {
    if ('error' in outcome) {
      rejected.push({ spanId: outcome.spanId, message: outcome.error });
      return;
    }
    const checked = validateEvent(index, outcome.event, now);
    if (isReject(checked)) rejected.push({ spanId: outcome.spanId, message: checked.message });
    else valid.push(checked);
  });
  const stored = await ingestEvents(db, params.id, valid);
  for (const tooOld of stored.rejected) {
    const outcome = outcomes[tooOld.index];
    if (!outcome) throw new Error(`ingest rejected event ${tooOld.index}, which is not in this batch`);
    rejected.push({ spanId: outcome.spanId, message: tooOld.message });
  }
  return json(exportResponse(rejected, filteredOut, spanKind));
});
