import { parseChunked } from '@discoveryjs/json-ext';
import type { z } from 'zod';
import { ApiError, type SpecRule } from '@/lib/errors';
import { rejectNul, requireJsonDepth } from '@/lib/json';
import { MAX_JSON_DEPTH, MiB } from '@/lib/limits';
import { errorMessage } from '@/lib/thrown';
import type { RequestHead } from './request-head';
import { Turns } from './steps';
import { LINGER_MS } from './unread-body';
import { parseBody } from './validate';

/**
 * The bytes of a JSON body decoded and parsed at a time, between which other requests may get a
 * turn: a 10 MiB body parsed at once held every other request for 200 ms on a loaded machine.
 */
const JSON_PIECE = 64 * 1024;

/** The 413 of a body over maxBytes. */
export function bodyTooLarge(maxBytes: number, citedRule: SpecRule): ApiError {
  return new ApiError('PAYLOAD_TOO_LARGE', `the request body is larger than ${formatBytes(maxBytes)}`, {
    suggestedAction: `send at most ${formatBytes(maxBytes)} per request; split the batch`,
    citedRule,
  });
}

/** Read a request body as UTF-8 text, refusing (413) before buffering more than maxBytes. */
export async function readBodyText(req: Request, maxBytes: number, citedRule: SpecRule = '§errors'): Promise<string> {
  return decodeUtf8(await readBodyBytes(req, maxBytes, () => bodyTooLarge(maxBytes, citedRule)), citedRule);
}

/** Read a request body, throwing `tooLarge()` before buffering more than maxBytes (Content-Length or streamed). */
export async function readBodyBytes(req: Request, maxBytes: number, tooLarge: () => ApiError): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of bodyChunks(req, maxBytes, tooLarge)) {
    chunks.push(chunk);
    total += chunk.byteLength;
  }
  return Buffer.concat(chunks, total);
}

/**
 * A request body's chunks as they arrive, throwing `tooLarge()` at the first byte past maxBytes
 * (or at once for a Content-Length past it). A reader that stops early leaves the rest to be
 * read and dropped.
 */
async function* bodyChunks(req: Request, maxBytes: number, tooLarge: () => ApiError): AsyncGenerator<Uint8Array> {
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    if (req.body) dropTheRest(req.body.getReader());
    throw tooLarge();
  }
  if (!req.body) return;
  const reader = req.body.getReader();
  let total = 0;
  let ended = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        ended = true;
        return;
      }
      total += value.byteLength;
      if (total > maxBytes) throw tooLarge();
      yield value;
    }
  } finally {
    if (!ended) dropTheRest(reader);
  }
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
  return decodeWith(new TextDecoder('utf-8', { fatal: true }), bytes, false, citedRule);
}

function decodeWith(decoder: TextDecoder, bytes: Uint8Array | undefined, more: boolean, citedRule: SpecRule): string {
  try {
    return decoder.decode(bytes, { stream: more });
  } catch {
    throw new ApiError('MALFORMED_REQUEST', 'the request body is not valid UTF-8', {
      suggestedAction: 'send the body encoded as UTF-8',
      citedRule,
    });
  }
}

/**
 * A JSON document from its bytes as they come, in Turns (JSON_PIECE bytes at a time): no size
 * of document holds other requests up, and a failure of `chunks` (a body past its limit) stops
 * it before the rest is parsed.
 */
export async function parseJsonInTurns(chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, citedRule: SpecRule = '§errors'): Promise<unknown> {
  const turns = new Turns();
  const decoder = new TextDecoder('utf-8', { fatal: true });
  async function* pieces(): AsyncGenerator<string> {
    for await (const chunk of chunks) {
      for (let at = 0; at < chunk.byteLength; at += JSON_PIECE) {
        yield decodeWith(decoder, chunk.subarray(at, at + JSON_PIECE), true, citedRule);
        const turn = turns.pause();
        if (turn) await turn;
      }
    }
    yield decodeWith(decoder, undefined, false, citedRule);
  }
  try {
    return await parseChunked(pieces);
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw new ApiError('MALFORMED_REQUEST', `the request body is not valid JSON: ${errorMessage(err)}`, {
      suggestedAction: 'send a valid JSON document',
      citedRule,
    });
  }
}

/** A JSON request body, parsed as it arrives (parseJsonInTurns); one over maxBytes is refused at the first byte past it. */
export async function readJsonBody(req: Request, maxBytes: number, citedRule: SpecRule = '§errors'): Promise<unknown> {
  requireMediaType(req, ['application/json'], citedRule);
  return parseJsonInTurns(
    bodyChunks(req, maxBytes, () => bodyTooLarge(maxBytes, citedRule)),
    citedRule,
  );
}

/**
 * A JSON request body as `schema` takes it. The schema judges first, so a body it refuses
 * (100,000 tools where 5,000 are allowed) costs no walk of all it holds; what it accepts must
 * then be storable: nested at most MAX_JSON_DEPTH deep, without U+0000 (§errors).
 */
export async function readJsonBodyAs<S extends z.ZodType>(schema: S, req: Request, maxBytes: number, citedRule: SpecRule = '§errors'): Promise<z.infer<S>> {
  const value = parseBody(schema, await readJsonBody(req, maxBytes, citedRule), citedRule);
  requireJsonDepth(value, MAX_JSON_DEPTH, citedRule);
  rejectNul(value, citedRule);
  return value;
}

/** The media type of the request (a Web Request or a node:http one's head) without parameters, lower-cased; '' when absent. */
export function mediaType(req: Pick<RequestHead, 'headers'>): string {
  const [type = ''] = (req.headers.get('content-type') ?? '').split(';');
  return type.trim().toLowerCase();
}

export function requireMediaType(req: Pick<RequestHead, 'headers'>, accepted: readonly string[], citedRule: SpecRule = '§errors'): string {
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
