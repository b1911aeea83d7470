import { ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { CallToolResult, JSONRPCMessage, JSONRPCRequest, RequestId, Server } from '@modelcontextprotocol/server';
import { isPlainCallRequest } from './call-server';
import type { CallParams } from './calls';
import type { InFlight } from './passthrough/hub';
import type { BoundedStdioServerTransport } from './stdio-server';
import { isObject } from '@/lib/records';

/** What serves one call: the proxy's handleCall, with the signal a cancellation aborts and the Server that asks the client meanwhile. */
export type DirectCallHandler = (params: CallParams, signal: AbortSignal, sendRequest: InFlight['sendRequest']) => Promise<CallToolResult>;

/**
 * A stdio client's plain tools/call (#26) served without the Server's request machinery: no
 * context object, no schema checks of a request the reader already found plain, no result
 * parse. What the Server would do for such a request is done here as it does it on a
 * 2025-11-25 connection: the answer carries the request's id; a thrown error answers with its
 * `code` (-32603 when it has none, -32002 sent as -32602), message and data; a
 * `notifications/cancelled` for the request aborts its signal and it is answered with nothing.
 * Every other message, a call with `_meta` included, goes to the Server as before.
 */
export function serveCallsDirectly(transport: BoundedStdioServerTransport, server: Server, handle: DirectCallHandler, onError: (error: Error) => void): void {
  const inFlight = new Map<RequestId, AbortController>();
  const sendRequest: InFlight['sendRequest'] = server.request.bind(server);
  const answer = (message: JSONRPCMessage) => transport.send(message).catch((err: Error) => onError(new Error(`Failed to send response: ${err.message}`)));

  const serve = async (request: JSONRPCRequest & { params: CallParams }) => {
    const controller = new AbortController();
    inFlight.set(request.id, controller);
    try {
      const result = await handle(request.params, controller.signal, sendRequest);
      if (!controller.signal.aborted) await answer({ result, jsonrpc: '2.0', id: request.id });
    } catch (err) {
      if (!controller.signal.aborted) await answer({ jsonrpc: '2.0', id: request.id, error: errorOf(err) });
    } finally {
      if (inFlight.get(request.id) === controller) inFlight.delete(request.id);
    }
  };

  transport.claimMessages((message) => {
    if ('method' in message && 'id' in message) {
      if (message.method !== 'tools/call' || !isPlainCallRequest(message)) return false;
      void serve(message);
      return true;
    }
    if (!('method' in message) || message.method !== 'notifications/cancelled' || !isObject(message.params)) return false;
    const { requestId, reason } = message.params;
    const controller = inFlight.get(requestId as RequestId);
    if (!controller) return false;
    inFlight.delete(requestId as RequestId);
    controller.abort(reason);
    return true;
  });
}

/** The error object the Server answers a throw with. */
function errorOf(err: unknown): { code: number; message: string; data?: unknown } {
  const fields = isObject(err) ? err : {};
  const thrown = Number.isSafeInteger(fields.code) ? (fields.code as number) : ProtocolErrorCode.InternalError;
  const message = typeof fields.message === 'string' ? fields.message : 'Internal error';
  return { code: thrown === -32002 ? ProtocolErrorCode.InvalidParams : thrown, message, ...(fields.data !== undefined ? { data: fields.data } : {}) };
}
