import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { StdioServerParameters } from '@modelcontextprotocol/client/stdio';
import { BoundedLineReader, installReader, type LineProblem } from './line-reader';
import { tooLargeData, tooLargeText } from './message-limit';
import { ProtocolErrorCode } from '@modelcontextprotocol/client';

/**
 * The SDK's stdio client transport with a bounded reader: a response over `maxMessageBytes`
 * fails only its own request (the reader hands the Client an error response with its id),
 * a request over it is answered with an error, and the connection and the server stay up.
 */
export class BoundedStdioClientTransport extends StdioClientTransport {
  /** Kept past the SDK's close, which forgets the process before it has exited. */
  private childPid: number | null = null;
  /** What reads the server's lines (DirectCalls takes large results from it as they came). */
  readonly reader: BoundedLineReader;

  constructor(
    params: StdioServerParameters,
    private readonly maxMessageBytes: number,
    private readonly log: (message: string) => void,
  ) {
    super(params);
    this.reader = new BoundedLineReader(maxMessageBytes, (problem) => this.answer(problem));
    installReader(this, this.reader);
  }

  override async start(): Promise<void> {
    await super.start();
    this.childPid = this.pid;
  }

  /**
   * End the session and the process within about `graceMs`: stdin closed first (as the SDK
   * does), SIGTERM at half of it, SIGKILL at the end; the SDK's own close waits 2 s + 2 s.
   * `exited` settles when the process is gone.
   */
  async closeWithin(graceMs: number, exited: Promise<void>): Promise<void> {
    const pid = this.childPid;
    const closing = this.close().catch(() => {});
    if (pid === null) return closing;
    const gone = await settlesWithin(exited, graceMs / 2);
    if (!gone) signal(pid, 'SIGTERM');
    if (!gone && !(await settlesWithin(exited, graceMs / 2))) signal(pid, 'SIGKILL');
  }

  private answer(problem: LineProblem): JSONRPCMessage | null {
    if (problem.kind !== 'too_large') {
      // What the SDK did with such a line: only onerror hears of it (servers that log to stdout).
      this.onerror?.(new Error(`the MCP server wrote a line that is not an MCP message (${problem.kind})`));
      return null;
    }
    const { head, bytes } = problem;
    const limit = this.maxMessageBytes;
    if (head.kind === 'response' && head.id !== null) {
      this.log(`${tooLargeText(`a response of the server (request ${head.id})`, bytes, limit)}: that request failed, the server keeps running`);
      return {
        jsonrpc: '2.0',
        id: head.id,
        error: { code: ProtocolErrorCode.InternalError, message: tooLargeText('the response', bytes, limit), data: tooLargeData(bytes, limit) },
      };
    }
    if (head.kind === 'request' && head.id !== null) {
      const message = tooLargeText(`the request ${head.method ?? ''}`.trimEnd(), bytes, limit);
      this.log(`${message}: answered the server with an error`);
      this.send({ jsonrpc: '2.0', id: head.id, error: { code: ProtocolErrorCode.InvalidRequest, message, data: tooLargeData(bytes, limit) } }).catch(() => {});
      return null;
    }
    this.log(`${tooLargeText(`a message of the server (${head.method ?? 'no id found'})`, bytes, limit)}: skipped`);
    return null;
  }
}

function settlesWithin(promise: Promise<void>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    void promise.then(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // It exited meanwhile.
  }
}
