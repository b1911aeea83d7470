import { ProtocolError, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import type { CallToolResult, JSONRPCMessage, StandardSchemaV1, Transport } from '@modelcontextprotocol/client';
import { callResultPassthrough } from './call-result';

export interface DirectCallOptions {
  timeoutMs: number;
  signal?: AbortSignal;
}

export type CallParams = { name: string; arguments?: Record<string, unknown>; _meta?: Record<string, unknown> };

/**
 * tools/call on an upstream session without the Client's request machinery (#26). The Client
 * keeps the session and everything else on it; the calls sent here carry ids of their own
 * (`favindex-call-N`, never one of the Client's numbers), and their responses are taken off the
 * transport before the Client sees them. What the Client would do for such a call is done here
 * as it does it: the timeout and a cancellation are sent on as `notifications/cancelled`, an error
 * response rejects with a ProtocolError of its code, message and data, a result is checked by
 * callResultPassthrough, and a closed connection rejects with the SDK's ConnectionClosed.
 * No progress: a call that wants it takes the Client's path.
 */
export class DirectCalls {
  private next = 0;
  private readonly pending = new Map<string, (message: JSONRPCMessage | SdkError) => void>();

  /** Install on a connected transport: the Client's own handlers stay, after this one. */
  constructor(private readonly transport: Transport) {
    const clientMessage = transport.onmessage;
    const clientClose = transport.onclose;
    transport.onmessage = (message, extra) => {
      if (!('method' in message) && 'id' in message && typeof message.id === 'string') {
        const settle = this.pending.get(message.id);
        if (settle) return settle(message);
      }
      clientMessage?.(message, extra);
    };
    transport.onclose = () => {
      const closed = new SdkError(SdkErrorCode.ConnectionClosed, 'Connection closed');
      for (const settle of [...this.pending.values()]) settle(closed);
      clientClose?.();
    };
  }

  /** Calls sent and not yet answered. */
  get inFlight(): number {
    return this.pending.size;
  }

  call(params: CallParams, options: DirectCallOptions): Promise<CallToolResult> {
    const { signal, timeoutMs } = options;
    if (signal?.aborted) return Promise.reject(asSdkError(signal.reason));
    const id = `favindex-call-${++this.next}`;
    return new Promise<CallToolResult>((resolve, reject) => {
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
      const timer = setTimeout(() => cancel(new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out', { timeout: timeoutMs })), timeoutMs);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.pending.set(id, (message) => {
        done();
        if (message instanceof SdkError) return reject(message);
        if ('error' in message) return reject(ProtocolError.fromError(message.error.code, message.error.message, message.error.data));
        if (!('result' in message)) return reject(new SdkError(SdkErrorCode.InvalidResult, 'Invalid result for tools/call: no result'));
        const checked = callResultPassthrough['~standard'].validate(message.result);
        if (checked instanceof Promise || checked.issues) {
          const issues = checked instanceof Promise ? 'asynchronous schema' : checked.issues.map(formatIssue).join(', ');
          return reject(new SdkError(SdkErrorCode.InvalidResult, `Invalid result for tools/call: ${issues}`));
        }
        resolve(checked.value);
      });
      this.transport.send({ jsonrpc: '2.0', id, method: 'tools/call', params }).catch((err: unknown) => {
        done();
        reject(err);
      });
    });
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
