import { ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { CallToolResult, JSONRPCMessage, JSONRPCRequest, Progress, ProgressToken, RequestId, Server } from '@modelcontextprotocol/server';
import { isPlainCallRequest } from './call-server';
import type { CallParams } from '@/mcp/direct-calls';
import { CallCancel, type CallSignal } from '@/mcp/call-signal';
import { EncodedResult } from '@/mcp/encoded-result';
import type { InFlight } from './passthrough/hub';
import type { BoundedStdioServerTransport } from './stdio-server';
import { isObject } from '@/lib/records';

/**
 * What serves one call: the proxy's handleCall, with the signal a cancellation aborts, the
 * Server that asks the client meanwhile, and (when the client gave a token) where progress goes.
 */
export type DirectCallHandler = (
  params: CallParams,
  signal: CallSignal,
  sendRequest: InFlight['sendRequest'],
  progress?: (progress: Progress) => void,
) => Promise<CallToolResult | EncodedResult>;

/**
 * A stdio client's plain tools/call (#26) served without the Server's request machinery: no
 * context object, no schema checks of a request the reader already found plain, no result
 * parse. Plain: params only `name` and `arguments`, and at most a progress token in `_meta`.
 * What the Server would do for such a request is done here as it does it on a 2025-11-25
 * connection: the answer carries the request's id (a large result, an EncodedResult, goes out
 * as the bytes its server wrote); a thrown error answers with its `code`
 * (-32603 when it has none, -32002 sent as -32602), message and data; a
 * `notifications/cancelled` for the request aborts its signal and it is answered with nothing;
 * progress goes out under the client's token, each one written before the result.
 * Every other message, a call with other `_meta` included, goes to the Server as before.
 */
export function serveCallsDirectly(transport: BoundedStdioServerTransport, server: Server, handle: DirectCallHandler, onError: (error: Error) => void): void {
  const inFlight = new Map<RequestId, CallCancel>();
  const sendRequest: InFlight['sendRequest'] = server.request.bind(server);
  const write = (message: JSONRPCMessage) => {
    if (!transport.sendNow(message)) onError(new Error('Failed to send response: the stdio transport is closed'));
  };

  const serve = async (id: RequestId, call: DirectCall) => {
    // Not an AbortController: a CallCancel does what the call needs of one, for a fraction of its cost.
    const cancel = new CallCancel();
    inFlight.set(id, cancel);
    const { progressToken } = call;
    const progress =
      progressToken === undefined
        ? undefined
        : (update: Progress) => {
            if (!cancel.aborted) write({ jsonrpc: '2.0', method: 'notifications/progress', params: { ...update, progressToken } });
          };
    try {
      const result = await handle(call.params, cancel, sendRequest, progress);
      if (cancel.aborted) return;
      // A large result as its server wrote it: its bytes go on in the envelope of this request (#45).
      if (result instanceof EncodedResult) {
        if (!transport.sendEncoded(id, result)) onError(new Error('Failed to send response: the stdio transport is closed'));
      } else write({ result, jsonrpc: '2.0', id });
    } catch (err) {
      if (!cancel.aborted) write({ jsonrpc: '2.0', id, error: errorOf(err) });
    } finally {
      if (inFlight.get(id) === cancel) inFlight.delete(id);
    }
  };

  transport.claimMessages((message) => {
    if ('method' in message && 'id' in message) {
      const call = message.method === 'tools/call' ? directCall(message) : null;
      if (!call) return false;
      void serve(message.id, call);
      return true;
    }
    if (!('method' in message) || message.method !== 'notifications/cancelled' || !isObject(message.params)) return false;
    const { requestId, reason } = message.params;
    const cancel = inFlight.get(requestId as RequestId);
    if (!cancel) return false;
    inFlight.delete(requestId as RequestId);
    cancel.abort(reason);
    return true;
  });
}

interface DirectCall {
  params: CallParams;
  progressToken?: ProgressToken;
}

/** A tools/call this path serves: name and arguments, and in `_meta` a progress token at most. */
function directCall(request: JSONRPCRequest): DirectCall | null {
  if (isPlainCallRequest(request)) return { params: request.params };
  if (!isObject(request.params)) return null;
  const { _meta, ...rest } = request.params;
  if (!isObject(_meta) || Object.keys(_meta).length !== 1) return null;
  const token = _meta.progressToken;
  if (typeof token !== 'string' && !(typeof token === 'number' && Number.isSafeInteger(token))) return null;
  const plain = { ...request, params: rest };
  return isPlainCallRequest(plain) ? { params: plain.params, progressToken: token } : null;
}

/** The error object the Server answers a throw with. */
function errorOf(err: unknown): { code: number; message: string; data?: unknown } {
  const fields = isObject(err) ? err : {};
  const thrown = Number.isSafeInteger(fields.code) ? (fields.code as number) : ProtocolErrorCode.InternalError;
  const message = typeof fields.message === 'string' ? fields.message : 'Internal error';
  return { code: thrown === -32002 ? ProtocolErrorCode.InvalidParams : thrown, message, ...(fields.data !== undefined ? { data: fields.data } : {}) };
}
