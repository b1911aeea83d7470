import { z } from 'zod';
import { eventListSchema, ingestResultSchema } from '@/lib/contracts/events';
import { exportTraceServiceResponseSchema } from '@/lib/contracts/otlp';
import { JSON_TYPE } from './shared';
import { eventListQuerySchema } from '@/lib/schemas/event-list';
import { toolCallTraceSchema } from '@/lib/schemas/events';
import { otlpQuerySchema } from '@/lib/schemas/otlp';
import { endpoint } from './endpoint';
import { projectParams } from './params';

/** The events body in its JSON forms; NDJSON carries the same events one per line. */
const eventsJsonBody = z.union([z.object({ events: z.array(toolCallTraceSchema) }), z.array(toolCallTraceSchema)]);

/**
 * Tool calls coming in (§events), as tool_call_trace events or OTLP spans, and the latest of
 * them read back. The ingest bodies are not parsed as one JSON value (NDJSON, gzip, OTLP), so
 * their routes read them and these declarations list the codes that reading may answer.
 */
export const EVENT_ENDPOINTS = {
  ingest: endpoint({
    method: 'post',
    path: '/api/projects/{id}/events',
    params: projectParams,
    tag: 'events',
    access: 'events:write',
    summary: 'Ingest tool_call_trace events',
    description:
      'Up to 10,000 events and 10 MiB a request. Valid events are stored, invalid ones reported by index; an id already stored is a duplicate, not an error (§events).',
    body: {
      required: true,
      content: {
        [JSON_TYPE]: eventsJsonBody,
        'application/x-ndjson': { type: 'string', description: 'One tool_call_trace event (JSON) per line.' },
      },
    },
    jsonBody: false,
    responses: { 200: { description: 'How many were stored, how many were duplicates, and each rejected event.', schema: ingestResultSchema } },
    errors: ['MALFORMED_REQUEST', 'PAYLOAD_TOO_LARGE', 'TOO_MANY_EVENTS', 'UNSUPPORTED_MEDIA_TYPE'],
  }),
  list: endpoint({
    method: 'get',
    path: '/api/projects/{id}/events',
    params: projectParams,
    query: eventListQuerySchema,
    tag: 'events',
    access: 'admin',
    summary: 'The latest events with their canonical names',
    responses: { 200: { description: 'The events, newest first, and the cursor of the next page.', schema: eventListSchema } },
  }),
  otlp: endpoint({
    method: 'post',
    path: '/api/projects/{id}/otlp/v1/traces',
    params: projectParams,
    query: otlpQuerySchema,
    rule: '§events',
    tag: 'events',
    access: 'events:write',
    summary: 'Ingest MCP tools/call spans as OTLP/HTTP JSON',
    description: 'Content-Encoding gzip is accepted. Protobuf is a 415 that says how to switch to JSON.',
    body: {
      required: true,
      content: {
        [JSON_TYPE]: {
          type: 'object',
          description: 'An OTLP ExportTraceServiceRequest in its JSON encoding.',
          properties: { resourceSpans: { type: 'array', items: { type: 'object' } } },
        },
      },
    },
    jsonBody: false,
    responses: {
      200: {
        description: 'An ExportTraceServiceResponse; spans that could not be stored are counted in partialSuccess.rejectedSpans.',
        schema: exportTraceServiceResponseSchema,
      },
    },
    errors: ['MALFORMED_REQUEST', 'PAYLOAD_TOO_LARGE', 'TOO_MANY_EVENTS', 'UNSUPPORTED_MEDIA_TYPE'],
  }),
};
