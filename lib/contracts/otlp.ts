import { z } from 'zod';

/**
 * POST /api/projects/{id}/otlp/v1/traces: an OTLP ExportTraceServiceResponse in its JSON
 * encoding. `partialSuccess` only when spans were rejected, or tools/call spans were left out
 * by the span-kind filter (rejectedSpans "0" then); int64 counts are strings in OTLP/JSON.
 */
export const exportTraceServiceResponseSchema = z.object({
  partialSuccess: z
    .object({
      rejectedSpans: z.string().regex(/^\d+$/, 'an int64 as a decimal string'),
      errorMessage: z.string(),
    })
    .optional(),
});
export type ExportTraceServiceResponse = z.infer<typeof exportTraceServiceResponseSchema>;
