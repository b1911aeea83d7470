import { Server } from '@modelcontextprotocol/server';
import type { JSONRPCRequest, Result, ServerContext } from '@modelcontextprotocol/server';
import { isUsualCallResult } from '@/mcp/call-result';
import { isObject } from '@/lib/records';

type Handler = (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result>;

/**
 * The low-level Server, but a tools/call of the usual shape is not parsed twice more (#26): the
 * SDK checks each tools/call request against its zod schema and parses the handler's result
 * again (copying it, and dropping the fields of a content block it does not know). The proxy's
 * results are an upstream's, already checked as it answered (callResultPassthrough), or its own.
 * A request whose params are only a string `name` and an object `arguments` goes to the handler
 * as the SDK would send it; a result of the usual shape goes back as it is. Anything else
 * (`_meta`, a requestState, another shape) takes the SDK's own path, errors and all.
 */
export class CallPassthroughServer extends Server {
  protected override _wrapHandler(method: string, handler: Handler): Handler {
    const wrapped = super._wrapHandler(method, handler);
    if (method !== 'tools/call') return wrapped;
    return async (request, ctx) => {
      if (!isPlainCallRequest(request) || ctx.mcpReq.requestState() !== undefined) return wrapped(request, ctx);
      const result = await handler(request, ctx);
      if (isUsualCallResult(result)) return result;
      // The SDK's checks of the request and of this result, as if its handler had answered it.
      return super._wrapHandler(method, async () => result)(request, ctx);
    };
  }
}

/** A tools/call whose params are only a string `name` and an object `arguments`: nothing in it asks for more than the call. */
export function isPlainCallRequest(request: JSONRPCRequest): request is JSONRPCRequest & { params: { name: string; arguments?: Record<string, unknown> } } {
  const params = request.params;
  if (!isObject(params) || typeof params.name !== 'string') return false;
  for (const key in params) if (key !== 'name' && key !== 'arguments') return false;
  return params.arguments === undefined || isObject(params.arguments);
}
