import { ApiError, type SpecRule } from '@/lib/errors';
import { parseJsonText, rejectNul, requireJsonDepth } from '@/lib/json';
import { MAX_JSON_DEPTH, MiB } from '@/lib/limits';

/** Read a request body as UTF-8 text, refusing (413) before buffering more than maxBytes. */
export async function readBodyText(req: Request, maxBytes: number, citedRule: SpecRule = '§errors'): Promise<string> {
  const tooLarge = () =>
    new ApiError('PAYLOAD_TOO_LARGE', `the request body is larger than ${formatBytes(maxBytes)}`, {
      suggestedAction: `send at most ${formatBytes(maxBytes)} per request; split the batch`,
      citedRule,
    });
  return decodeUtf8(await readBodyBytes(req, maxBytes, tooLarge), citedRule);
}

/** Read a request body, throwing `tooLarge()` before buffering more than maxBytes (Content-Length or streamed). */
export async function readBodyBytes(req: Request, maxBytes: number, tooLarge: () => ApiError): Promise<Uint8Array> {
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

export function decodeUtf8(bytes: Uint8Array, citedRule: SpecRule = '§errors'): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ApiError('MALFORMED_REQUEST', 'the request body is not valid UTF-8', {
      suggestedAction: 'send the body encoded as UTF-8',
      citedRule,
    });
  }
}

export async function readJsonBody(req: Request, maxBytes: number, citedRule: SpecRule = '§errors'): Promise<unknown> {
  requireMediaType(req, ['application/json'], citedRule);
  const value = parseJsonText(await readBodyText(req, maxBytes, citedRule), citedRule);
  requireJsonDepth(value, MAX_JSON_DEPTH, citedRule);
  rejectNul(value, citedRule);
  return value;
}

/** The media type of the request without parameters, lower-cased; '' when absent. */
export function mediaType(req: Request): string {
  const [type = ''] = (req.headers.get('content-type') ?? '').split(';');
  return type.trim().toLowerCase();
}

export function requireMediaType(req: Request, accepted: readonly string[], citedRule: SpecRule = '§errors'): string {
  const type = mediaType(req);
  if (accepted.includes(type)) return type;
  throw new ApiError('UNSUPPORTED_MEDIA_TYPE', `content type '${type || '(none)'}' is not accepted here`, {
    suggestedAction: `send the body as ${accepted.join(' or ')}`,
    citedRule,
  });
}

function formatBytes(bytes: number): string {
  return bytes % MiB === 0 ? `${bytes / MiB} MiB` : `${bytes} bytes`;
}
