import { BODY_LIMITS } from '@/lib/limits';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { ApiError } from '@/lib/errors';
import { mediaType, parseJsonInTurns, readBodyBytes } from './body';
import { fieldOf } from '@/lib/records';

const gunzip = promisify(zlib.gunzip);
const inflate = promisify(zlib.inflate);

const PROTOBUF_TYPES = new Set(['application/x-protobuf', 'application/protobuf', 'application/vnd.google.protobuf']);

/**
 * The body of an OTLP/HTTP JSON export: JSON only (a protobuf export is a 415 that says how to
 * switch), gzip or deflate allowed as exporters and the Collector send them, and the events
 * limit of 10 MiB applying both before and after decompression (§events).
 */
export async function readOtlpJson(req: Request): Promise<unknown> {
  const type = mediaType(req);
  if (PROTOBUF_TYPES.has(type)) {
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'favindex accepts OTLP/HTTP JSON traces only; this export is protobuf', {
      suggestedAction:
        'switch the exporter to http/json: OTEL_EXPORTER_OTLP_TRACES_PROTOCOL=http/json (in Node.js use @opentelemetry/exporter-trace-otlp-http, not -proto; in the Collector set encoding: json on the otlphttp exporter)',
      citedRule: '§events',
    });
  }
  if (type !== 'application/json') {
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', `content type '${type || '(none)'}' is not OTLP/JSON`, {
      suggestedAction: 'send the ExportTraceServiceRequest as application/json',
      citedRule: '§events',
    });
  }
  const encoding = (req.headers.get('content-encoding') ?? 'identity').trim().toLowerCase();
  if (!['identity', '', 'gzip', 'x-gzip', 'deflate'].includes(encoding)) {
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', `content encoding '${encoding}' is not supported`, {
      suggestedAction: 'send the body uncompressed or gzip-compressed',
      citedRule: '§events',
    });
  }
  let bytes = await readBodyBytes(req, BODY_LIMITS.events, tooLarge);
  if (encoding === 'gzip' || encoding === 'x-gzip' || encoding === 'deflate') {
    try {
      bytes = await (encoding === 'deflate' ? inflate : gunzip)(bytes, { maxOutputLength: BODY_LIMITS.events });
    } catch (err) {
      if (fieldOf(err, 'code') === 'ERR_BUFFER_TOO_LARGE') throw tooLarge();
      throw new ApiError('MALFORMED_REQUEST', `the body is not valid ${encoding} data`, {
        suggestedAction: 'compress the body with the encoding named in Content-Encoding, or send it uncompressed',
        citedRule: '§events',
      });
    }
  }
  return parseJsonInTurns([bytes], '§events');
}

function tooLarge(): ApiError {
  return new ApiError('PAYLOAD_TOO_LARGE', 'the trace export is larger than 10 MiB', {
    suggestedAction: 'export smaller batches (lower the batch span processor maxExportBatchSize)',
    citedRule: '§events',
  });
}
