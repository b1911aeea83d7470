import type { Readable, Writable } from 'node:stream';
import type { CallToolResult, JSONRPCMessage, RequestId, Transport } from '@modelcontextprotocol/server';
import type { EncodedResult } from '@/mcp/encoded-result';
import type { WritesResultBytes } from './calls';
import { BoundedLineReader, type LineProblem, readChunk, requestId } from '@/mcp/line-reader';
import { tooLargeData, tooLargeText } from '@/mcp/message-limit';
import { ProtocolErrorCode, serializeMessage } from '@modelcontextprotocol/server';
import { errorMessage } from '@/lib/thrown';

const BATCH_REFUSED = 'JSON-RPC batches are not part of MCP since protocol version 2025-06-18: send each message on a line of its own';

/**
 * stdout 'error' listeners a closed transport left in place to swallow late write failures (EPIPE
 * after the client left); a transport started on the same stream later takes them off, so
 * listeners do not pile up on process.stdout.
 */
const swallowingAfterClose = new WeakSet<(error: Error) => void>();

/**
 * The proxy's stdio server side: newline-delimited JSON-RPC over stdin and stdout, read with a
 * bounded reader. It keeps the SDK's StdioServerTransport's lifecycle (the end or close of stdin
 * closes it, a stdout error is reported and closes it, a send waits for 'drain'), and answers what
 * the SDK's would drop or die of, with one line on stderr, going on serving: a message over the
 * limit (an error for its id), a line that is not JSON (-32700), a batch (-32600 for each request
 * in it), an object that is not JSON-RPC (-32600). A large tools/call result goes out as the bytes
 * its server wrote (resultAsBytes, #45).
 */
export class BoundedStdioServerTransport implements Transport, WritesResultBytes {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private readonly reader: BoundedLineReader;
  private started = false;
  private closed = false;
  /** Large results to write as their bytes, by the id of the request they answer. */
  private readonly resultBytes = new Map<RequestId, EncodedResult>();

  constructor(
    private readonly maxMessageBytes: number,
    private readonly log: (message: string) => void,
    private readonly stdin: Readable = process.stdin,
    private readonly stdout: Writable = process.stdout,
  ) {
    this.reader = new BoundedLineReader(maxMessageBytes, (problem) => this.answer(problem));
  }

  async start(): Promise<void> {
    if (this.started) throw new Error('BoundedStdioServerTransport already started: Server.connect starts it');
    this.started = true;
    for (const listener of this.stdout.listeners('error')) {
      if (swallowingAfterClose.has(listener as (error: Error) => void)) this.stdout.off('error', listener as (error: Error) => void);
    }
    // A stdin already over (a client that wrote and left before the proxy was ready) closes at once.
    if (this.stdin.readableEnded || this.stdin.destroyed) setImmediate(this.onStdinClose);
    this.stdin.on('data', this.onData);
    this.stdin.on('error', this.onStdinError);
    this.stdin.on('end', this.onStdinClose);
    this.stdin.on('close', this.onStdinClose);
    this.stdout.on('error', this.onStdoutError);
  }

  /**
   * The Server checks and copies a tools/call result, which bytes cannot go through (#45): it
   * answers request `id` with the stand-in returned here, and send writes the bytes in its
   * place, never decoded or encoded again. A call cancelled first is answered with nothing, and
   * its bytes are let go.
   */
  resultAsBytes(id: RequestId, result: EncodedResult, signal: AbortSignal): CallToolResult {
    this.resultBytes.set(id, result);
    signal.addEventListener('abort', () => this.resultBytes.delete(id), { once: true });
    return { content: [], isError: result.isError };
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return Promise.reject(new Error('BoundedStdioServerTransport is closed'));
    const answered = 'result' in message || 'error' in message ? message.id : undefined;
    const bytes = answered === undefined ? undefined : this.resultBytes.get(answered);
    if (answered === undefined || bytes === undefined) return this.writeWaitingForDrain(serializeMessage(message));
    this.resultBytes.delete(answered);
    // An error the Server answers instead goes out as it is.
    if (!('result' in message)) return this.writeWaitingForDrain(serializeMessage(message));
    // Corked: the pieces leave in one write, and nothing else is written between them.
    this.stdout.cork();
    this.stdout.write('{"result":');
    for (const piece of bytes.bytes) this.stdout.write(piece);
    this.stdout.write(`,"jsonrpc":"2.0","id":${JSON.stringify(answered)}}\n`);
    this.stdout.uncork();
    return Promise.resolve();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.resultBytes.clear();
    this.stdin.off('data', this.onData);
    this.stdin.off('error', this.onStdinError);
    this.stdin.off('end', this.onStdinClose);
    this.stdin.off('close', this.onStdinClose);
    // Left on stdout: a write still under way may fail after the client left, and an 'error' nobody hears would end the process.
    swallowingAfterClose.add(this.onStdoutError);
    if (this.stdin.listenerCount('data') === 0) this.stdin.pause();
    this.reader.clear();
    this.onclose?.();
  }

  private readonly onData = (chunk: Buffer): void => {
    try {
      readChunk(this.reader, chunk, this);
    } catch (err) {
      this.onerror?.(err instanceof Error ? err : new Error(errorMessage(err)));
      this.close().catch(() => {});
    }
  };

  private readonly onStdinError = (error: Error): void => this.onerror?.(error);

  private readonly onStdinClose = (): void => {
    this.close().catch(() => {});
  };

  private readonly onStdoutError = (error: Error): void => {
    if (this.closed) return;
    this.onerror?.(error);
    this.close().catch(() => {});
  };

  /** Resolves once stdout took the line (at once, or at its next 'drain'); rejects if it fails first. */
  private writeWaitingForDrain(line: string): Promise<void> {
    return new Promise((resolve, reject) => {
      let settled = false;
      const settle = (error?: Error) => {
        if (settled) return;
        settled = true;
        this.stdout.off('error', settle);
        this.stdout.off('drain', onDrain);
        if (error) reject(error);
        else resolve();
      };
      const onDrain = () => settle();
      this.stdout.once('error', settle);
      if (this.stdout.write(line)) settle();
      else if (!settled) this.stdout.once('drain', onDrain);
    });
  }

  private answer(problem: LineProblem): JSONRPCMessage | null {
    switch (problem.kind) {
      case 'too_large':
        return this.tooLarge(problem);
      case 'parse_error':
        this.log(`the client sent a line that is not JSON (${problem.detail}): answered -32700`);
        this.write(errorFor(null, ProtocolErrorCode.ParseError, `Parse error: the line is not JSON (${problem.detail})`));
        return null;
      case 'batch':
        this.batch(problem.elements);
        return null;
      case 'invalid':
        // A response is never answered (JSON-RPC): the client would have nothing to match it to.
        if (problem.looksLikeResponse) {
          this.log(`the client sent a response that is not JSON-RPC 2.0 (${problem.detail}): skipped`);
          return null;
        }
        this.log(`the client sent a message that is not JSON-RPC 2.0 (${problem.detail}): answered -32600`);
        this.write(errorFor(problem.id, ProtocolErrorCode.InvalidRequest, `Invalid Request: ${problem.detail}`));
        return null;
    }
  }

  private tooLarge({ bytes, head }: Extract<LineProblem, { kind: 'too_large' }>): JSONRPCMessage | null {
    const limit = this.maxMessageBytes;
    const data = tooLargeData(bytes, limit);
    if (head.kind === 'response' && head.id !== null) {
      // The client's answer to the proxy's own request (sampling, elicitation): that request fails.
      this.log(`${tooLargeText(`the client's response to request ${head.id}`, bytes, limit)}: that request failed`);
      return {
        jsonrpc: '2.0',
        id: head.id,
        error: { code: ProtocolErrorCode.InternalError, message: tooLargeText("the client's response", bytes, limit), data },
      };
    }
    if (head.kind === 'notification' || head.kind === 'response') {
      this.log(`${tooLargeText(`a ${head.kind} from the client (${head.method ?? 'no id'})`, bytes, limit)}: skipped`);
      return null;
    }
    const what = head.method ? `the ${head.method} request` : 'the message';
    this.log(`${tooLargeText(`${what} from the client`, bytes, limit)}: answered an error for request ${head.id ?? 'null'}`);
    this.write(errorFor(head.id, ProtocolErrorCode.InvalidRequest, tooLargeText(what, bytes, limit), data));
    return null;
  }

  /**
   * JSON-RPC 2.0 answers a batch with an array of one response per request in it, so a client
   * that sent one can fail each of its requests; notifications in it get none, and an empty
   * batch one error.
   */
  private batch(elements: unknown[]): void {
    const answers = elements.flatMap((element) => {
      const object = typeof element === 'object' && element !== null && !Array.isArray(element) ? element : null;
      if (object && 'method' in object && !('id' in object)) return [];
      if (object && !('method' in object) && ('result' in object || 'error' in object)) return [];
      return [errorFor(object && 'id' in object ? requestId(object.id) : null, ProtocolErrorCode.InvalidRequest, BATCH_REFUSED)];
    });
    this.log(`the client sent a JSON-RPC batch of ${elements.length} message(s): answered -32600 for ${answers.length} request(s) in it`);
    if (elements.length === 0) this.write(errorFor(null, ProtocolErrorCode.InvalidRequest, BATCH_REFUSED));
    else if (answers.length > 0) this.write(answers);
  }

  /** Past the SDK's send: its types have no error with `id: null`, nor a batch. */
  private write(value: unknown): void {
    this.stdout.write(`${JSON.stringify(value)}\n`);
  }
}

function errorFor(id: string | number | null, code: number, message: string, data?: unknown) {
  return { jsonrpc: '2.0', id, error: { code, message, ...(data === undefined ? {} : { data }) } };
}
