import { ApiError, type SpecRule } from '@/lib/errors';
import { parseJsonText, rejectNul, requireJsonDepth } from '@/lib/json';
import { MAX_JSON_DEPTH, MiB } from '@/lib/limits';
import { LINGER_MS } from './unread-body';

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
  if (Number.isFinite(declared) && declared > maxBytes) {
    if (req.body) dropTheRest(req.body.getReader());
    throw tooLarge();
  }
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      dropTheRest(reader);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

/**
 * After a refusal the rest of the body is read and dropped, for as long as a closing socket
 * lingers, rather than cancelled: a cancelled body sits unread on the socket, closing a socket
 * with unread bytes resets the connection, and a client still writing meets the reset before it
 * reads the 413 (it sees "closed", no answer). A body that ends meanwhile even leaves the
 * connection usable. A client that keeps sending past the bound is cancelled after all.
 */
function dropTheRest(reader: ReadableStreamDefaultReader<Uint8Array>): void {
  const timer = setTimeout(() => void reader.cancel().catch(() => {}), LINGER_MS);
  timer.unref();
  void (async () => {
    try {
      while (!(await reader.read()).done);
    } catch {
      // The connection closed meanwhile: nothing is left to drop.
    }
    clearTimeout(timer);
  })();
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
