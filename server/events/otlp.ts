import { listServerEndpoints } from '@/db/queries/catalog-sync';
import { ApiError } from '@/lib/errors';
import { isReject, type ValidatedEvent, validateEvent } from '@/lib/events/validate-event';
import { MAX_EVENTS_PER_REQUEST } from '@/lib/limits';
import { type ExportTraceServiceResponse, exportResponse, type SpanReject } from '@/lib/otlp/export-response';
import { extractToolCallSpans, serverHints, type SpanKindFilter } from '@/lib/otlp/spans-to-events';
import type { AppContext } from '@/server/app-context';
import { requireProject } from '@/server/projects/project-locks';
import { ingestEvents } from './ingest';

/**
 * Store an OTLP/JSON trace export: every MCP tools/call span becomes a tool_call_trace event
 * (id `otel:<spanId>`, so re-exporting is safe) resolved to its canonical name like any other
 * (§events, §names). Rejected spans are counted in partialSuccess.
 */
export async function ingestTraceExport(
  app: AppContext,
  projectId: string,
  doc: unknown,
  spanKind: SpanKindFilter,
  token: string | null = null,
): Promise<ExportTraceServiceResponse> {
  await requireProject(app.db, projectId);
  const servers = serverHints(await listServerEndpoints(app.db, projectId));
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
  /** The error_code of each span refused, for the metrics: a span that is no tools/call event fails validation. */
  const codes: string[] = [];
  for (const [index, outcome] of outcomes.entries()) {
    if ('error' in outcome) {
      rejected.push({ spanId: outcome.spanId, message: outcome.error });
      codes.push('VALIDATION_FAILED');
      continue;
    }
    const checked = validateEvent(index, outcome.event, now);
    if (isReject(checked)) {
      rejected.push({ spanId: outcome.spanId, message: checked.message });
      codes.push(checked.error_code);
    } else valid.push(checked);
  }
  const stored = await ingestEvents(app, projectId, valid, token);
  for (const tooOld of stored.rejected) {
    const outcome = outcomes[tooOld.index];
    if (!outcome) throw new Error(`ingest rejected event ${tooOld.index}, which is not in this batch`);
    rejected.push({ spanId: outcome.spanId, message: tooOld.message });
    codes.push(tooOld.error_code);
  }
  app.metrics.noteIngest('otlp', stored, codes);
  return exportResponse(rejected, filteredOut, spanKind);
}
