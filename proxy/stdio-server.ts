import type { Readable, Writable } from 'node:stream';
import type { CallToolResult, JSONRPCMessage, RequestId } from '@modelcontextprotocol/server';
import type { EncodedResult } from '@/mcp/encoded-result';
import type { WritesResultBytes } from './calls';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { BoundedLineReader, installReader, type LineProblem, requestId } from '@/mcp/line-reader';
import { tooLargeData, tooLargeText } from '@/mcp/message-limit';
import { ProtocolErrorCode } from '@modelcontextprotocol/server';

const BATCH_REFUSED = 'JSON-RPC batches are not part of MCP since protocol version 2025-06-18: send each message on a line of its own';

/**
 * The proxy's stdio server side: the SDK's transport with a bounded reader. What the SDK would
 * drop or die of gets an answer the client can act on, one line on stderr, and the proxy goes on
 * serving: a message over the limit (an error for its id), a line that is not JSON (-32700), a
 * batch (-32600 for each request in it), an object that is not JSON-RPC (-32600). A large tools/call
 * result goes out as the bytes its server wrote (resultAsBytes, #45).
 */
export class BoundedStdioServerTransport extends StdioServerTransport implements WritesResultBytes {
  private readonly reader: BoundedLineReader;
  private closed = false;
  /** Large results to write as their bytes, by the id of the request they answer. */
  private readonly resultBytes = new Map<RequestId, EncodedResult>();

  constructor(
    private readonly maxMessageBytes: number,
    private readonly log: (message: string) => void,
    stdin: Readable = process.stdin,
    private readonly stdout: Writable = process.stdout,
  ) {
    super(stdin, stdout);
    this.reader = new BoundedLineReader(maxMessageBytes, (problem) => this.answer(problem));
    installReader(this, this.reader);
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

  override send(message: JSONRPCMessage): Promise<void> {
    const answered = 'result' in message || 'error' in message ? message.id : undefined;
    const bytes = answered === undefined ? undefined : this.resultBytes.get(answered);
    if (answered === undefined || bytes === undefined) return super.send(message);
    this.resultBytes.delete(answered);
    // An error the Server answers instead goes out as it is.
    if (!('result' in message)) return super.send(message);
    if (this.closed) return Promise.reject(new Error('StdioServerTransport is closed'));
    // Corked: the pieces leave in one write, and nothing else is written between them.
    this.stdout.cork();
    this.stdout.write('{"result":');
    for (const piece of bytes.bytes) this.stdout.write(piece);
    this.stdout.write(`,"jsonrpc":"2.0","id":${JSON.stringify(answered)}}\n`);
    this.stdout.uncork();
    return Promise.resolve();
  }

  override async close(): Promise<void> {
    this.closed = true;
    this.resultBytes.clear();
    await super.close();
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
