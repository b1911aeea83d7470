import type { ChildProcess } from 'node:child_process';
import spawn from 'cross-spawn';
import { PassThrough, type Stream } from 'node:stream';
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { getDefaultEnvironment, type StdioServerParameters } from '@modelcontextprotocol/client/stdio';
import { BoundedLineReader, type LineProblem, readChunk } from './line-reader';
import { tooLargeData, tooLargeText } from './message-limit';
import { ProtocolErrorCode, SdkError, SdkErrorCode, serializeMessage } from '@modelcontextprotocol/client';
import { errorMessage } from '@/lib/thrown';

/** What close() gives a server to end, as the SDK's stdio transport does: 2 s after stdin ends, 2 s after SIGTERM. */
const CLOSE_GRACE_MS = 4_000;

/**
 * The proxy's stdio client side: it starts the server's process (as the SDK's StdioClientTransport
 * does: the SDK's default environment under `env`, stderr as asked, no shell) and speaks
 * newline-delimited JSON-RPC on its stdin and stdout, read with a bounded reader. A response over
 * `maxMessageBytes` fails only its own request (the reader hands the Client an error response with
 * its id), a request over it is answered with an error, and the connection and the server stay up.
 */
export class BoundedStdioClientTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** What reads the server's lines (DirectCalls takes large results from it as they came). */
  readonly reader: BoundedLineReader;
  /** The server's process, until it has exited: every close in progress may still signal it. */
  private child: ChildProcess | null = null;
  /** Set by the first close: sends are refused from then on. */
  private closing = false;
  /** Settles when the process has exited and its streams are closed (or it could not be started). */
  private exited: Promise<void> = Promise.resolve();
  /** Given at once when stderr is piped, so what the server writes before start is not lost. */
  private readonly stderrStream: PassThrough | null;

  constructor(
    private readonly params: StdioServerParameters,
    private readonly maxMessageBytes: number,
    private readonly log: (message: string) => void,
  ) {
    this.reader = new BoundedLineReader(maxMessageBytes, (problem) => this.answer(problem));
    this.stderrStream = params.stderr === 'pipe' || params.stderr === 'overlapped' ? new PassThrough() : null;
  }

  /** Starts the server's process; resolves once it is running, rejects if it cannot be started (ENOENT). */
  async start(): Promise<void> {
    if (this.child) throw new Error('BoundedStdioClientTransport already started: Client.connect starts it');
    // Next's types make NODE_ENV a key of every ProcessEnv; the server's environment has it only if given.
    const env = { ...getDefaultEnvironment(), ...this.params.env } as NodeJS.ProcessEnv;
    // cross-spawn, as the SDK's own transport: on Windows it finds npx.cmd and other .cmd shims that spawn alone does not.
    const child: ChildProcess = spawn(this.params.command, this.params.args ?? [], {
      env,
      stdio: ['pipe', 'pipe', this.params.stderr ?? 'inherit'],
      shell: false,
      windowsHide: process.platform === 'win32',
      cwd: this.params.cwd,
    });
    this.child = child;
    this.closing = false;
    this.exited = new Promise((resolve) =>
      child.once('close', () => {
        if (this.child === child) this.child = null;
        resolve();
        this.onclose?.();
      }),
    );
    child.stdin?.on('error', (error) => this.onerror?.(error));
    child.stdout?.on('data', (chunk: Buffer) => {
      try {
        readChunk(this.reader, chunk, this);
      } catch (err) {
        this.onerror?.(err instanceof Error ? err : new Error(errorMessage(err)));
        this.close().catch(() => {});
      }
    });
    child.stdout?.on('error', (error) => this.onerror?.(error));
    if (this.stderrStream && child.stderr) child.stderr.pipe(this.stderrStream);
    return new Promise((resolve, reject) => {
      child.on('error', (error) => {
        reject(error);
        this.onerror?.(error);
      });
      child.on('spawn', () => resolve());
    });
  }

  /** The server's stderr when `stderr: 'pipe'` was asked (from construction on), else the process's own if any. */
  get stderr(): Stream | null {
    return this.stderrStream ?? this.child?.stderr ?? null;
  }

  /** The server process's pid while it runs (past close(), until it has exited). */
  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.closing ? null : this.child?.stdin;
    if (!stdin) return Promise.reject(new SdkError(SdkErrorCode.NotConnected, 'Not connected'));
    return new Promise((resolve) => {
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once('drain', resolve);
    });
  }

  close(): Promise<void> {
    return this.closeWithin(CLOSE_GRACE_MS);
  }

  /**
   * End the session and the process within about `graceMs`: stdin closed first (as the SDK
   * does), SIGTERM at half of it, SIGKILL at the end. onclose is called when the process is gone.
   * A close already under way (the Client's, of 4 s) does not hold back a shorter one.
   */
  async closeWithin(graceMs: number): Promise<void> {
    this.closing = true;
    this.reader.clear();
    const child = this.child;
    if (!child) return;
    try {
      child.stdin?.end();
    } catch {
      // Its stdin is gone already.
    }
    if (await settlesWithin(this.exited, graceMs / 2)) return;
    signal(child, 'SIGTERM');
    if (!(await settlesWithin(this.exited, graceMs / 2))) signal(child, 'SIGKILL');
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

function signal(child: ChildProcess, name: NodeJS.Signals): void {
  try {
    child.kill(name);
  } catch {
    // It exited meanwhile.
  }
}
