import { JSONRPCMessageSchema } from '@modelcontextprotocol/core';
import { SERVER_INFO_META_KEY } from '@modelcontextprotocol/server';
import type { JSONRPCMessage, JSONRPCResultResponse } from '@modelcontextprotocol/server';
import { JsonRpcHeadScanner, type MessageHead } from './jsonrpc-head';
import { JsonSkeleton, type Skeleton } from './json-skeleton';
import { errorMessage } from '@/lib/thrown';
import { itemAt } from '@/lib/arrays';
import { isObject } from '@/lib/records';

/** A line of a stdio stream that is not a message the SDK can take, and what it said about itself. */
export type LineProblem =
  | { kind: 'too_large'; bytes: number; head: MessageHead }
  | { kind: 'parse_error'; detail: string }
  | { kind: 'batch'; elements: unknown[] }
  | { kind: 'invalid'; id: string | number | null; looksLikeResponse: boolean; detail: string };

/**
 * What the transport does with a problem line: a message to hand on as if the peer had sent it
 * (an error response for our own request), or null to go on with the next line.
 */
export type ProblemHandler = (problem: LineProblem) => JSONRPCMessage | null;

const NEWLINE = 0x0a;
/** A line this long may be a result to hand on as it came: it is read for its skeleton from here on, as it streams. */
const SKELETON_FROM = 256 * 1024;

/**
 * Who takes a large response as the bytes it came in (DirectCalls, #45): `wanted` says whether
 * a long line is worth reading for it at all, `take` whether it took this one.
 */
export interface EncodedResponses {
  wanted(): boolean;
  /** `message` is the response's skeleton (its shape, long strings stood in for: never to be handed on); `result` its result's bytes. */
  take(message: JSONRPCResultResponse, result: () => Buffer[]): boolean;
}

type Line =
  | { kind: 'line'; bytes: Buffer }
  | { kind: 'read'; chunks: Buffer[]; scanner: JsonSkeleton }
  | { kind: 'too_large'; bytes: number; head: MessageHead };

/**
 * Newline-delimited JSON-RPC, read as the SDK's ReadBuffer reads it (`append`, `readMessage`, `clear`)
 * but bounded per line: it never holds more than `maxLineBytes` of one line. A longer line is
 * skipped as it streams, while a scanner finds its id, so the peer can be answered and the
 * connection stays up (the SDK's buffer throws and the transport closes). Lines that are not JSON,
 * batches and non-JSON-RPC objects go to `onProblem` instead of only to `onerror`.
 */
export class BoundedLineReader {
  private chunks: Buffer[] = [];
  private held = 0;
  /** The line being skipped: its size so far and the scanner reading it. */
  private skipping: { bytes: number; scanner: JsonRpcHeadScanner } | null = null;
  private readonly lines: Line[] = [];
  /** A large response its owner takes as bytes; the others are parsed and go on as they came. */
  encoded: EncodedResponses | null = null;
  /** The long line being read for its skeleton. */
  private scanner: JsonSkeleton | null = null;

  constructor(
    readonly maxLineBytes: number,
    private readonly onProblem: ProblemHandler,
  ) {}

  /** Bytes of the current line held now: never more than maxLineBytes. */
  get bufferedBytes(): number {
    return this.held;
  }

  append(chunk: Buffer): void {
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(NEWLINE, start);
      const end = newline === -1 ? chunk.length : newline;
      this.take(chunk, start, end);
      if (newline === -1) return;
      this.endLine();
      start = newline + 1;
    }
  }

  readMessage(): JSONRPCMessage | null {
    for (let line = this.lines.shift(); line; line = this.lines.shift()) {
      if (line.kind === 'read' && this.tookEncoded(line.scanner)) continue;
      const outcome = line.kind === 'too_large' ? { problem: line } : decode(line.kind === 'read' ? Buffer.concat(line.chunks) : line.bytes);
      if ('message' in outcome) return outcome.message;
      if (outcome.problem) {
        const answer = this.onProblem(outcome.problem);
        if (answer) return answer;
      }
    }
    return null;
  }

  clear(): void {
    this.chunks = [];
    this.held = 0;
    this.skipping = null;
    this.scanner = null;
    this.lines.length = 0;
  }

  /** A long line its skeleton shows to be a plain response, taken as bytes by its owner. */
  private tookEncoded(scanner: JsonSkeleton): boolean {
    const skeleton = scanner.finish();
    const response = skeleton?.result ? plainResponse(skeleton) : null;
    if (!response || !skeleton?.result) return false;
    const { start, end } = skeleton.result;
    return this.encoded?.take(response, () => scanner.bytes(start, end)) ?? false;
  }

  private take(chunk: Buffer, start: number, end: number): void {
    if (start === end) return;
    if (!this.skipping && this.held + (end - start) > this.maxLineBytes) {
      // Over the limit: what is held goes through the scanner and is let go.
      const scanner = new JsonRpcHeadScanner();
      for (const held of this.chunks) scanner.feed(held);
      this.skipping = { bytes: this.held, scanner };
      this.chunks = [];
      this.held = 0;
      this.scanner = null;
    }
    if (this.skipping) {
      this.skipping.scanner.feed(chunk, start, end);
      this.skipping.bytes += end - start;
      return;
    }
    // A copy of a part: a slice would keep the whole chunk (64 KiB) alive for a short line. A
    // whole chunk, the most of a long line, is kept as it is: the stream hands each read a buffer of its own.
    const part = start === 0 && end === chunk.length ? chunk : Buffer.from(chunk.subarray(start, end));
    this.chunks.push(part);
    this.held += end - start;
    if (this.scanner) this.scanner.feed(part);
    else if (this.held >= SKELETON_FROM && this.encoded?.wanted()) {
      // Read from here on as it streams: what came before is read now, once.
      this.scanner = new JsonSkeleton();
      for (const held of this.chunks) this.scanner.feed(held);
    }
  }

  private endLine(): void {
    if (this.skipping) {
      this.lines.push({ kind: 'too_large', bytes: this.skipping.bytes, head: this.skipping.scanner.head() });
      this.skipping = null;
      return;
    }
    if (this.scanner) {
      this.lines.push({ kind: 'read', chunks: this.chunks, scanner: this.scanner });
      this.scanner = null;
    } else this.lines.push({ kind: 'line', bytes: this.chunks.length === 1 ? itemAt(this.chunks, 0) : Buffer.concat(this.chunks) });
    this.chunks = [];
    this.held = 0;
  }
}

type Decoded = { message: JSONRPCMessage } | { problem: LineProblem | null };

function decode(bytes: Buffer): Decoded {
  const text = bytes.toString('utf8').replace(/\r$/, '');
  // A blank line is no message (a client ending its lines with \r\n twice): nothing to answer.
  // Only a line that starts blank is trimmed: a copy of each message would cost a large result dearly.
  if (text.length === 0 || (text.charCodeAt(0) <= 0x20 && text.trim() === '')) return { problem: null };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { problem: { kind: 'parse_error', detail: errorMessage(err) } };
  }
  if (Array.isArray(value)) return { problem: { kind: 'batch', elements: value } };
  if (isPlainMessage(value)) return { message: value };
  const parsed = JSONRPCMessageSchema.safeParse(value);
  if (parsed.success) return { message: parsed.data };
  if (!isObject(value))
    return { problem: { kind: 'invalid', id: null, looksLikeResponse: false, detail: `a JSON ${value === null ? 'null' : typeof value}, not an object` } };
  return {
    problem: {
      kind: 'invalid',
      id: requestId(value.id),
      looksLikeResponse: !('method' in value) && ('result' in value || 'error' in value),
      detail: 'not a JSON-RPC 2.0 request, notification or response',
    },
  };
}

/** The skeleton's response, when it is one of the plain messages (a result). */
function plainResponse(skeleton: Skeleton): JSONRPCResultResponse | null {
  let value: unknown;
  try {
    value = JSON.parse(skeleton.text);
  } catch {
    return null;
  }
  return isPlainMessage(value) && 'result' in value ? value : null;
}

/** A result's `_meta` the schema takes as it is: none, or one without the one key it checks. */
function isPlainResultMeta(meta: unknown): boolean {
  return meta === undefined || (isObject(meta) && !(SERVER_INFO_META_KEY in meta));
}

/**
 * The two messages of every call (a request without `_meta`, a result), checked
 * by hand (#26): what JSONRPCMessageSchema accepts as it is, so they are not parsed again and
 * copied. The schema still decides every other message, and so what is refused and why.
 */
function isPlainMessage(value: unknown): value is JSONRPCMessage {
  if (!isObject(value) || value.jsonrpc !== '2.0') return false;
  const id = value.id;
  if (typeof id !== 'string' && !(typeof id === 'number' && Number.isSafeInteger(id))) return false;
  let keys = 0;
  for (const key in value) {
    if (key !== 'jsonrpc' && key !== 'id' && key !== 'method' && key !== 'params' && key !== 'result') return false;
    keys++;
  }
  if ('result' in value) return keys === 3 && isObject(value.result) && isPlainResultMeta(value.result._meta);
  if (typeof value.method !== 'string') return false;
  return value.params === undefined ? keys === 3 : keys === 4 && isObject(value.params) && value.params._meta === undefined;
}

export function requestId(value: unknown): string | number | null {
  return typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value)) ? value : null;
}

/** Where a stdio transport hands what it reads: its own callbacks, read when each message comes (a caller may swap them). */
export interface MessageSink {
  onmessage?: (message: JSONRPCMessage) => void;
  onerror?: (error: Error) => void;
}

/**
 * Read a chunk of the stream and hand on each whole message it completes, as the SDK's stdio
 * transports do: a handler that throws is reported to `onerror`, and the next message still goes.
 */
export function readChunk(reader: BoundedLineReader, chunk: Buffer, sink: MessageSink): void {
  reader.append(chunk);
  for (;;) {
    let message: JSONRPCMessage | null;
    try {
      message = reader.readMessage();
      if (message === null) return;
      sink.onmessage?.(message);
    } catch (err) {
      sink.onerror?.(err instanceof Error ? err : new Error(errorMessage(err)));
    }
  }
}
