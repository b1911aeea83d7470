import { ProtocolError, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import type { CallToolResult, JSONRPCMessage, JSONRPCResultResponse, Progress, StandardSchemaV1, Transport } from '@modelcontextprotocol/client';
import { callResultPassthrough, isUsualCallResult } from './call-result';
import { EncodedResult } from './encoded-result';
import type { BoundedLineReader } from './line-reader';
import { isObject } from '@/lib/records';

export interface DirectCallOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  /** Asks the server for progress (the call's id is the token) and restarts the timeout on each, as the Client's `resetTimeoutOnProgress` does. */
  onProgress?: (progress: Progress) => void;
  /** The caller writes a result as it came: a large one of the usual shape is answered as an EncodedResult. */
  encoded?: boolean;
}

/** A tools/call's params, from the client through the proxy to the server (a type, not an interface: the SDK's params take any key). */
export type CallParams = { name: string; arguments?: Record<string, unknown>; _meta?: Record<string, unknown> };

/**
 * Numbers, as the Client's own ids are: a server that works with the Client takes them, where
 * one that reads ids as integers would refuse a string. A session would need a billion requests
 * of the Client's before its ids met these.
 */
export const FIRST_ID = 1_000_000_000;

interface Pending {
  /** The server's response. */
  settle(message: JSONRPCMessage): void;
  /** Set when the caller takes an EncodedResult: the response's result, as it came. */
  settleEncoded?(result: EncodedResult): void;
  /** No response will come (the connection closed). */
  fail(error: SdkError): void;
  progress?(progress: Progress): void;
}

/**
 * tools/call to a stdio server on 2025-11-25 beside the SDK's Client, for one reason: the SDK
 * drops a last progress notification (modelcontextprotocol/typescript-sdk#2580). Its Client
 * dispatches a notification a microtask after it reads it but a response at once, so a progress
 * read in the same chunk as the result (a server that writes its last progress and its result
 * together) finds its handler gone and never reaches the client. Here progress is handled as it
 * is read, in order with the response. This class goes when the SDK fixes #2580: every call then
 * takes the Client's request (callUpstreamTool). A large result taken as its bytes (#45,
 * `encoded`) rides on it meanwhile, since the Client hands back only values; without this class
 * such a result is parsed like any other.
 *
 * The Client keeps the session and everything else on it; the calls sent here carry ids of their
 * own (from FIRST_ID up, far above the Client's, which count from 0), and their responses and
 * progress are taken off the transport before the Client sees them. What the Client would do for
 * such a call is done here as it does it: the timeout (restarted by each progress) and a
 * cancellation are sent on as `notifications/cancelled`, an error response rejects with a
 * ProtocolError of its code, message and data, a result is checked by callResultPassthrough, and
 * a closed connection rejects with the SDK's ConnectionClosed.
 */
export class DirectCalls {
  private next = FIRST_ID;
  private readonly pending = new Map<number, Pending>();

  /**
   * Install on a connected transport: the Client's own handlers stay, after this one. With the
   * transport's line reader, a large result of a call that asks for it is taken as its bytes.
   */
  constructor(
    private readonly transport: Transport,
    reader?: BoundedLineReader,
  ) {
    if (reader) {
      reader.encoded = {
        wanted: () => [...this.pending.values()].some((p) => p.settleEncoded),
        take: (message, result) => this.tookEncoded(message, result),
      };
    }
    const clientMessage = transport.onmessage;
    const clientClose = transport.onclose;
    transport.onmessage = (message, extra) => {
      if (!this.took(message)) clientMessage?.(message, extra);
    };
    transport.onclose = () => {
      const closed = new SdkError(SdkErrorCode.ConnectionClosed, 'Connection closed');
      for (const pending of [...this.pending.values()]) pending.fail(closed);
      clientClose?.();
    };
  }

  /** Calls sent and not yet answered. */
  get inFlight(): number {
    return this.pending.size;
  }

  call(params: CallParams, options: DirectCallOptions): Promise<CallToolResult | EncodedResult> {
    const { signal, timeoutMs, onProgress } = options;
    if (signal?.aborted) return Promise.reject(asSdkError(signal.reason));
    const id = this.next++;
    return new Promise<CallToolResult | EncodedResult>((resolve, reject) => {
      const done = () => {
        this.pending.delete(id);
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      const cancel = (reason: unknown) => {
        done();
        this.transport.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason: String(reason) } }).catch(() => {});
        reject(asSdkError(reason));
      };
      const onAbort = () => cancel(signal?.reason);
      const timedOut = () => cancel(new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out', { timeout: timeoutMs }));
      let timer = setTimeout(timedOut, timeoutMs);
      signal?.addEventListener('abort', onAbort, { once: true });
      const fail = (error: SdkError) => {
        done();
        reject(error);
      };
      const settle = (message: JSONRPCMessage) => {
        done();
        if ('error' in message) return reject(ProtocolError.fromError(message.error.code, message.error.message, message.error.data));
        if (!('result' in message)) return reject(new SdkError(SdkErrorCode.InvalidResult, 'Invalid result for tools/call: no result'));
        const checked = callResultPassthrough['~standard'].validate(message.result);
        if (checked instanceof Promise || checked.issues) {
          const issues = checked instanceof Promise ? 'asynchronous schema' : checked.issues.map(formatIssue).join(', ');
          return reject(new SdkError(SdkErrorCode.InvalidResult, `Invalid result for tools/call: ${issues}`));
        }
        resolve(checked.value);
      };
      const progress = onProgress
        ? (update: Progress) => {
            clearTimeout(timer);
            timer = setTimeout(timedOut, timeoutMs);
            onProgress(update);
          }
        : undefined;
      const settleEncoded = options.encoded
        ? (result: EncodedResult) => {
            done();
            resolve(result);
          }
        : undefined;
      this.pending.set(id, { settle, settleEncoded, fail, progress });
      const sent = progress ? { ...params, _meta: { ...params._meta, progressToken: id } } : params;
      this.transport.send({ jsonrpc: '2.0', id, method: 'tools/call', params: sent }).catch((err: unknown) => {
        done();
        reject(err);
      });
    });
  }

  /**
   * A large response, by its skeleton: a result of the usual shape (isUsualCallResult, the check
   * every result has) for a call that takes its bytes. Anything else is parsed and comes as ever.
   */
  private tookEncoded(skeleton: JSONRPCResultResponse, result: () => Buffer[]): boolean {
    const pending = typeof skeleton.id === 'number' ? this.pending.get(skeleton.id) : undefined;
    if (!pending?.settleEncoded || !isUsualCallResult(skeleton.result)) return false;
    pending.settleEncoded(new EncodedResult(skeleton.result.isError === true, result()));
    return true;
  }

  /** A response to one of these calls, or progress on one: handled here, and the Client never sees it. */
  private took(message: JSONRPCMessage): boolean {
    if (!('method' in message)) {
      const pending = 'id' in message && typeof message.id === 'number' ? this.pending.get(message.id) : undefined;
      pending?.settle(message);
      return pending !== undefined;
    }
    if (message.method !== 'notifications/progress' || 'id' in message || !isObject(message.params)) return false;
    const { progressToken, ...update } = message.params;
    const pending = typeof progressToken === 'number' ? this.pending.get(progressToken) : undefined;
    if (!pending?.progress || typeof update.progress !== 'number') return false;
    // The rest of the params as the Client hands them on: `progress` is checked, the others are the server's.
    pending.progress(update as Progress);
    return true;
  }
}

/** An issue as the Client words it in "Invalid result for …": its path, dotted, before the message. */
function formatIssue(issue: StandardSchemaV1.Issue): string {
  if (!issue.path?.length) return issue.message;
  return `${issue.path.map((p) => String(typeof p === 'object' ? p.key : p)).join('.')}: ${issue.message}`;
}

/** As the Client rejects a cancelled or timed-out request. */
function asSdkError(reason: unknown): SdkError {
  return reason instanceof SdkError ? reason : new SdkError(SdkErrorCode.RequestTimeout, String(reason));
}
