import type { SpanKindFilter } from './spans-to-events';
import type { ExportTraceServiceResponse } from '@/lib/contracts/otlp';
export type { ExportTraceServiceResponse } from '@/lib/contracts/otlp';

export interface SpanReject {
  spanId: string;
  message: string;
}

const LISTED = 5;

/**
 * The OTLP answer: `partialSuccess` only when spans were rejected (their count, and why for the
 * first few), or, with nothing rejected, as the warning OTLP allows when tools/call spans were
 * left out by the span-kind filter. int64 counts are strings in OTLP/JSON.
 */
export function exportResponse(rejected: readonly SpanReject[], filteredOut: number, spanKind: SpanKindFilter): ExportTraceServiceResponse {
  if (rejected.length > 0) {
    const listed = rejected
      .slice(0, LISTED)
      .map((r) => `span ${r.spanId}: ${r.message}`)
      .join('; ');
    const more = rejected.length > LISTED ? `; and ${rejected.length - LISTED} more` : '';
    return { partialSuccess: { rejectedSpans: String(rejected.length), errorMessage: `${rejected.length} MCP tools/call spans rejected: ${listed}${more}` } };
  }
  if (filteredOut > 0) {
    const errorMessage =
      spanKind === 'client'
        ? `${filteredOut} MCP tools/call spans of kind SERVER were not counted: the client side of each call counts (spanKind=client); use ?spanKind=server when only MCP servers report spans`
        : `${filteredOut} MCP tools/call spans not of kind SERVER were not counted (spanKind=server)`;
    return { partialSuccess: { rejectedSpans: '0', errorMessage } };
  }
  return {};
}
