import { ProtocolError, ProtocolErrorCode, SdkErrorCode, SdkError } from '@modelcontextprotocol/server';
import type { CallToolRequest, CallToolResult, Progress, RequestId, ServerContext } from '@modelcontextprotocol/server';
import { invalidArgumentsAnswer } from '@/lib/arguments/answer';
import type { ArgumentProblem } from '@/lib/arguments/classes';
import { canonical, splitCanonical } from '@/lib/names/canonical';
import { INVOKE_TOOL } from '@/lib/names/invoke';
import { FIND_TOOLS } from '@/lib/names/meta';
import { messageTooLarge, tooLargeText } from '@/mcp/message-limit';
import { hasSearchTool } from '@/lib/surface/mode-traits';
import { applyCall } from '@/lib/surface/session';
import { deniedCall, refuseAll, toolError, unlistedToolCall } from './call-refusals';
import { answerFindTools } from './find-tools-call';
import type { Presenter } from './presenter';
import type { ProxyState } from './runtime';
import type { ProxySession } from './session';
import type { Spool } from './spool';
import { type CallOutcome, finishTrace, startedTrace, startTrace, type TraceHead } from './traces';
import { UpstreamUnavailable } from './upstreams';
import type { CallParams } from '@/mcp/direct-calls';
import { EncodedResult } from '@/mcp/encoded-result';
import { errorMessage } from '@/lib/thrown';

type Target = { kind: 'tool'; canonical: string } | { kind: 'find' } | { kind: 'invoke' };

/**
 * tools/call: the presented name back to its canonical tool and on to the server that has it.
 * Every call, meta calls and refusals included, leaves one trace in the spool.
 */
export interface CallContext {
  signal?: AbortSignal;
  /** Pass a progress notification on to the client, under the token it gave. */
  progress?: (progress: Progress) => void;
}

/** A transport that writes a large result as the bytes its server wrote (#45): the proxy's stdio one. */
export interface WritesResultBytes {
  /** The response to request `id` carries `result` as its bytes; the Server answers with what this returns, in their place. */
  resultAsBytes(id: RequestId, result: EncodedResult, signal: AbortSignal): CallToolResult;
}

/**
 * A client's tools/call as the SDK hands it to a handler: cancellation and progress follow the
 * request, and the result waits for the last progress (sent after it, it is lost to the client).
 * With `resultBytes` (a stdio session), a large result goes out as the bytes its server wrote.
 */
export async function clientCall(
  state: ProxyState,
  spool: Spool,
  session: ProxySession,
  request: CallToolRequest,
  ctx: ServerContext,
  resultBytes?: WritesResultBytes,
): Promise<CallToolResult> {
  session.lastSeenAt = Date.now();
  const token = request.params._meta?.progressToken;
  let sent: Promise<void> = Promise.resolve();
  const context: CallContext = {
    signal: ctx.mcpReq.signal,
    progress:
      token === undefined
        ? undefined
        : (progress) => {
            sent = sent.then(() => ctx.mcpReq.notify({ method: 'notifications/progress', params: { ...progress, progressToken: token } })).catch(() => {});
          },
  };
  const result = resultBytes
    ? await handleCall(state, spool, session, request.params, { ...context, encoded: true }).then((answer) =>
        answer instanceof EncodedResult ? resultBytes.resultAsBytes(ctx.mcpReq.id, answer, ctx.mcpReq.signal) : answer,
      )
    : await handleCall(state, spool, session, request.params, context);
  await sent;
  return result;
}

/**
 * `encoded`: the caller can write a result as its server sent it (WritesResultBytes), and a large
 * one comes as the bytes it came in, an EncodedResult (#45); without it, every result is a value.
 */
export function handleCall(
  state: ProxyState,
  spool: Spool,
  session: ProxySession,
  params: CallParams,
  context: CallContext & { encoded: true },
): Promise<CallToolResult | EncodedResult>;
export function handleCall(state: ProxyState, spool: Spool, session: ProxySession, params: CallParams, context?: CallContext): Promise<CallToolResult>;
export async function handleCall(
  state: ProxyState,
  spool: Spool,
  session: ProxySession,
  params: CallParams,
  context: CallContext & { encoded?: true } = {},
): Promise<CallToolResult | EncodedResult> {
  const { signal } = context;
  const startedAt = Date.now();
  const started = performance.now();
  const outcome: CallOutcome = { tool: params.name, status: 'ok' };
  const { presenter } = state;
  const mode = presenter.view.mode;
  const revision = presenter.view.revision;
  const checks = presenter.view.argumentChecks;
  const traceContext = { sessionId: session.id, client: session.client, protocol: session.protocol, mode, surfaceRevision: revision };
  let trace: TraceHead | undefined;
  try {
    if (presenter.policy.missing(presenter.view)) return refuseAll(state, session, params, outcome);
    // Found at once almost always: only an unknown name waits for the surface to be read again.
    const target = lookUpTarget(state, session, params.name) ?? (await resolveTarget(state, session, params.name));
    if (!target) {
      outcome.status = 'error';
      outcome.errorCode = 'unknown_tool';
      outcome.invented = 'tool';
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, unknownToolMessage(presenter, session, params.name));
    }
    if (target.kind === 'find') return answerFindTools(presenter, session, params, outcome);
    let server: string;
    let tool: string;
    if (target.kind === 'invoke') {
      const args = params.arguments ?? {};
      if (typeof args.server !== 'string' || typeof args.tool !== 'string') {
        // mcp_invoke_tool's own arguments are wrong: classed like any tool's.
        if (checks !== 'off') outcome.problems = invokeProblems(args);
        return toolError(outcome, 'invalid_arguments', `${INVOKE_TOOL} needs "server" and "tool": the MCP server and the tool as it lists it`);
      }
      server = args.server;
      tool = args.tool;
      outcome.arguments = { server, tool };
    } else {
      // biome-ignore lint/style/noNonNullAssertion: the presenter resolved this canonical name from the catalog, where every name splits.
      const parts = splitCanonical(target.canonical)!;
      server = parts.server;
      tool = parts.tool;
    }
    outcome.server = server;
    const upstream = state.upstreams.get(server);
    if (!upstream) {
      outcome.invented = 'server';
      return toolError(outcome, 'unknown_server', `'${server}' is not one of this proxy's MCP servers (${[...state.upstreams.keys()].join(', ') || 'none'})`);
    }
    // mcp_invoke_tool names its tool freely: only a name its server listed, exactly, is sent (a server may match names loosely).
    if (target.kind === 'invoke' && !presenter.lists(server, tool)) return unlistedToolCall(state, session, server, tool, outcome);
    const inputSchema = presenter.inputSchemaOf(server, tool);
    outcome.canonical = canonical(server, tool);
    // Decided again whatever the name's form: a list keeps a tool out, only this keeps its call from the server.
    const decision = presenter.policy.decide(presenter.catalog, presenter.view, session.client, canonical(server, tool), server);
    if (decision && !decision.allowed && presenter.view.policy) {
      return deniedCall(outcome, presenter.policy.toolRefusal(presenter.view, canonical(server, tool), decision, presenter.view.policy));
    }
    // Passed on as the model sent it: the argument check and the MCP server judge it, as for a direct call.
    const forwarded = target.kind === 'invoke' ? (params.arguments?.arguments as Record<string, unknown> | undefined) : params.arguments;
    const called = `${server}/${tool}`;
    // Enforce mode judges the arguments before the server sees them. The other modes only report
    // what the check finds, so it runs while the server works, off the call's path (#26).
    const judgedFirst = checks === 'enforce';
    if (judgedFirst) {
      const checked = state.argumentChecks.check(checks, called, inputSchema, forwarded ?? {});
      outcome.problems = checked.problems;
      if (checked.refuse) return refusal(outcome, target.kind === 'invoke' ? called : params.name, checked.problems ?? []);
    }
    let result: CallToolResult | EncodedResult;
    trace = startTrace(params.name, traceContext, startedAt);
    // On disk before the server sees the call: a proxy killed during it leaves it traced, of unknown outcome (§events).
    spool.begin(startedTrace(trace, outcome));
    try {
      const answer = upstream.call(upstreamParams(tool, forwarded, params._meta), signal, context.progress, context.encoded === true);
      if (!judgedFirst) outcome.problems = state.argumentChecks.report(checks, called, inputSchema, forwarded ?? {});
      result = await answer;
    } catch (err) {
      if (signal?.aborted) {
        outcome.status = 'cancelled';
        throw err;
      }
      if (err instanceof UpstreamUnavailable) return toolError(outcome, 'upstream_unavailable', err.message);
      const tooLarge = messageTooLarge(err);
      if (tooLarge) {
        const what = `the result of ${tool} (MCP server '${server}')`;
        return toolError(outcome, 'result_too_large', tooLargeText(what, tooLarge.bytes, tooLarge.limitBytes));
      }
      const timeout = err instanceof SdkError && err.code === SdkErrorCode.RequestTimeout;
      return toolError(outcome, timeout ? 'timeout' : 'upstream_error', `MCP server '${server}' answered ${tool} with an error: ${errorMessage(err)}`);
    }
    if (result.isError) {
      outcome.status = 'error';
      outcome.errorCode = 'tool_error';
    }
    const next = applyCall(session.presented.state, called);
    // A call that changes nothing keeps the session's list (not rebuilt and hashed again below).
    if (next !== session.presented.state) session.update({ ...session.presented, state: next });
    presenter.notifyIfChanged(session);
    return result;
  } catch (err) {
    if (outcome.status === 'ok') {
      outcome.status = 'error';
      outcome.errorCode = 'proxy_error';
    }
    throw err;
  } finally {
    spool.append(finishTrace(trace ?? startTrace(params.name, traceContext, startedAt), outcome, performance.now() - started));
  }
}

/** The call as the server gets it: the client's progress token is the client's (the server gets one of the proxy's, and its progress is passed back). */
function upstreamParams(tool: string, args: Record<string, unknown> | undefined, meta: Record<string, unknown> | undefined): CallParams {
  if (meta === undefined) return { name: tool, arguments: args ?? {} };
  const { progressToken: _, ...rest } = meta;
  return { name: tool, arguments: args ?? {}, ...(Object.keys(rest).length > 0 ? { _meta: rest } : {}) };
}

/** The session's list first, then the surface's name map. */
function lookUpTarget(state: ProxyState, session: ProxySession, name: string): Target | null {
  const { presenter } = state;
  const listed = presenter.listing(session).byName.get(name);
  if (listed?.canonical) return { kind: 'tool', canonical: listed.canonical };
  if (listed?.name === FIND_TOOLS) return { kind: 'find' };
  if (listed?.name === INVOKE_TOOL) return { kind: 'invoke' };
  const mapped = presenter.view.names[name];
  return mapped && splitCanonical(mapped) ? { kind: 'tool', canonical: mapped } : null;
}

/**
 * A name not found: while the proxy starts it waits for the start (bounded, as a list does: a
 * client may call a name it kept from an earlier session before it lists); then the surface is
 * read again once, and the name looked up again.
 */
async function resolveTarget(state: ProxyState, session: ProxySession, name: string): Promise<Target | null> {
  const { presenter } = state;
  if (state.startingReasons().length > 0) {
    await state.whenStarted();
    const target = lookUpTarget(state, session, name);
    if (target) return target;
  }
  if (await state.surface?.refresh()) {
    const target = lookUpTarget(state, session, name);
    if (target) return target;
  }
  // A tool the policy keeps from this session is in no list of it, yet its name is still that tool's: refused as denied, not unknown.
  const hidden = presenter.policy.hiddenTool(presenter.catalog, presenter.view, session.client, name);
  return hidden ? { kind: 'tool', canonical: hidden } : null;
}

/** Enforce mode (§arguments): a tool execution error the model can correct itself from, and the envelope for programs. */
function refusal(outcome: CallOutcome, tool: string, problems: readonly ArgumentProblem[]): CallToolResult {
  outcome.status = 'error';
  outcome.errorCode = 'invalid_arguments';
  const { text, envelope } = invalidArgumentsAnswer(tool, problems);
  return {
    content: [
      { type: 'text', text },
      { type: 'text', text: JSON.stringify(envelope) },
    ],
    isError: true,
  };
}

function invokeProblems(args: Record<string, unknown>): ArgumentProblem[] {
  return (['server', 'tool'] as const).flatMap((key): ArgumentProblem[] => {
    if (args[key] === undefined) return [{ path: `$.${key}`, class: 'missing_required', keyword: 'required', blocking: true }];
    if (typeof args[key] !== 'string') return [{ path: `$.${key}`, class: 'type_error', keyword: 'type', expected: 'must be string', blocking: true }];
    return [];
  });
}

function unknownToolMessage(presenter: Presenter, session: ProxySession, name: string): string {
  const names = [...presenter.listing(session).byName.keys()];
  const shown = names.slice(0, 30).join(', ');
  const more = names.length > 30 ? ` and ${names.length - 30} more` : '';
  const hint = hasSearchTool(presenter.view.mode) ? `; ${FIND_TOOLS} finds others` : '';
  return `Unknown tool '${name}'. This session's tools: ${shown || 'none'}${more}${hint}`;
}
