import { z } from 'zod';
import { eventListSchema, ingestResultSchema } from '@/lib/contracts/events';
import { exportTraceServiceResponseSchema } from '@/lib/contracts/otlp';
import { eventListQuerySchema } from '@/lib/schemas/event-list';
import { toolCallTraceSchema } from '@/lib/schemas/events';
import { otlpQuerySchema } from '@/lib/schemas/otlp';
import type { PathOperations } from '../operation';
import { JSON_TYPE } from './shared';

/** The events body in its JSON forms; NDJSON carries the same events one per line. */
const eventsJsonBody = z.union([z.object({ events: z.array(toolCallTraceSchema) }), z.array(toolCallTraceSchema)]);

export const EVENT_OPERATIONS: Record<string, PathOperations> = {
  '/api/projects/{id}/events': {
    post: {
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
    },
    get: {
      tag: 'events',
      access: 'admin',
      summary: 'The latest events with their canonical names',
      query: eventListQuerySchema,
      responses: { 200: { description: 'The events, newest first, and the cursor of the next page.', schema: eventListSchema } },
    },
  },
  '/api/projects/{id}/otlp/v1/traces': {
    post: {
      tag: 'events',
      access: 'events:write',
      summary: 'Ingest MCP tools/call spans as OTLP/HTTP JSON',
      description: 'Content-Encoding gzip is accepted. Protobuf is a 415 that says how to switch to JSON.',
      query: otlpQuerySchema,
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
    },
  },
};
