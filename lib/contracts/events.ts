import { ARGUMENT_CLASSES, FAILURE_CLASSES } from '@/lib/arguments/classes';
import { z } from 'zod';
import { count, int, isoDateTime } from './shared';

/** An event that was not stored, by its index in the batch. */
export const eventRejectSchema = z.object({
  index: count,
  error_code: z.string().describe('VALIDATION_FAILED, TIMESTAMP_IN_FUTURE, MALFORMED_JSON (an NDJSON line) or OLDER_THAN_RETENTION.'),
  message: z.string(),
});
export type EventReject = z.infer<typeof eventRejectSchema>;

/** An event stored whose arguments ingest did not check, or only in part, by its index in the batch. */
export const uncheckedEventSchema = z.object({
  index: count,
  reason: z.string().describe('Which bound of §arguments stopped the check, or what of the call it did not judge.'),
});
export type UncheckedEvent = z.infer<typeof uncheckedEventSchema>;

/** POST /api/projects/{id}/events. */
export const ingestResultSchema = z.object({
  accepted: count.describe('Events stored now.'),
  duplicates: count.describe('Events whose id was already stored: not an error (§events).'),
  rejected: z.array(eventRejectSchema).describe('Events not stored, in batch order.'),
  unchecked: z
    .array(uncheckedEventSchema)
    .optional()
    .describe('Events stored whose arguments were not checked against their schema, or only in part, and why (§arguments); left out when there are none.'),
});
export type IngestResult = z.infer<typeof ingestResultSchema>;

/** One stored event with the canonical name it resolved to (§names). */
export const eventViewSchema = z.object({
  id: z.string(),
  timestamp: isoDateTime,
  tool: z.string().describe('The name as presented to the model.'),
  canonical: z.string().nullable().describe('server/tool when the call resolved to a catalog tool.'),
  namespace: z.string(),
  kind: z.string().describe('tool, meta or unresolved.'),
  unresolvedReason: z.string().nullable(),
  sessionId: z.string().nullable(),
  status: z.string(),
  errorCode: z.string().nullable(),
  durationMs: int.nullable(),
  model: z.string().nullable(),
  client: z.string().nullable(),
  token: z.string().nullable().describe('The name of the project token that sent it (§policy); null when it came without one.'),
  surfaceRevision: int.nullable().describe('The surface revision the call was made under (§impact).'),
  mode: z.string().nullable().describe('The surface mode the call was made under.'),
  protocolVersion: z
    .string()
    .nullable()
    .describe('The MCP revision the client spoke to the proxy (2025-11-25, 2026-07-28), as the proxy said; null when it did not.'),
  failureClasses: z
    .array(z.enum(FAILURE_CLASSES))
    .nullable()
    .describe('Why the call failed, or ok (§arguments); null for events stored before calls were classed.'),
  argumentProblems: z
    .array(
      z.object({
        path: z.string(),
        class: z.enum(ARGUMENT_CLASSES),
        keyword: z.string(),
        suggestion: z.string().optional(),
        blocking: z.boolean(),
      }),
    )
    .nullable()
    .describe('What its arguments broke, by JSON path, never the values; null when they were not checked.'),
});
export type EventView = z.infer<typeof eventViewSchema>;

/** GET /api/projects/{id}/events: the latest events, newest first. */
export const eventListSchema = z.object({
  events: z.array(eventViewSchema),
  next: z.string().nullable().describe('The cursor for `before` of the next page; null on the last.'),
});
export type EventList = z.infer<typeof eventListSchema>;
