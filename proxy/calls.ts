import { ProtocolError, ProtocolErrorCode, SdkErrorCode, SdkError } from '@modelcontextprotocol/server';
import type { CallToolRequest, CallToolResult, Progress, RequestId, ServerContext } from '@modelcontextprotocol/server';
import type { ArgumentCheckMode, ArgumentProblem } from '@/lib/arguments/classes';
import { canonical, splitCanonical } from '@/lib/names/canonical';
import { INVOKE_TOOL } from '@/lib/names/invoke';
import { messageTooLarge, tooLargeText } from '@/mcp/message-limit';
import { applyCall } from '@/lib/surface/session';
import { type Answered, argumentRefusal, deniedCall, refuseAll, toolError, unlistedToolCall } from './call-refusals';
import { findTarget, type Target, unknownToolMessage } from './call-target';
import { answerFindTools } from './find-tools-call';
import { routerArgumentRefusal, routerCall, type RouterVia } from './router-calls';
import type { ProxyState } from './runtime';
import type { ProxySession } from './session';
import type { Spool } from './spool';
import { type CallOutcome, finishTrace, startedTrace, startTrace, type TraceHead } from './traces';
import { type Upstream, UpstreamUnavailable } from './upstreams';
import type { CallParams } from '@/mcp/direct-calls';
import { EncodedResult } from '@/mcp/encoded-result';
import { errorMessage } from '@/lib/thrown';

/** What a call brings besides its params: its cancellation, and where its progress goes. */
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

/** How a call ended: its answer (a result, or an error the Server answers with) and its trace's account of it. */
type Ended = { result: CallToolResult | EncodedResult; outcome: CallOutcome } | { error: unknown; outcome: CallOutcome };

/** A call on its way to a server's tool: where it goes, what it sends, and its trace so far. */
interface Route {
  upstream: Upstream;
  server: string;
  tool: string;
  /** `server/tool`: the tool's own name on its server, as the trace, the policy and the argument check name it. */
  canonical: string;
  /** The tool as an argument refusal names it: the name called, or `server/tool` through mcp_invoke_tool. */
  refusedAs: string;
  /** The router and op the call went through (§routers): an argument refusal names them and gives the op's schema. */
  via?: RouterVia;
  /** The tool's arguments, passed on as the model sent them. */
  arguments: Record<string, unknown> | undefined;
  /** The project's argument checks as they stood when the call came. */
  checks: ArgumentCheckMode;
  outcome: CallOutcome;
}

const isRoute = (step: Route | Ended): step is Route => 'upstream' in step;

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
 * tools/call, from any transport: the presented name back to its tool and on to the server that
 * has it, in named steps (routeCall, judgeArguments, callServer), each of which either answers
 * the call or hands on what it found. Every call, meta calls and refusals included, leaves one
 * trace in the spool: a call that went to its server is there as started before the server sees
 * it, and its own trace follows its answer out (Spool.appendAfterAnswer); any other call's trace
 * is there before its answer leaves. `encoded`: the caller can write a result as its
 * server sent it (WritesResultBytes), and a large one comes as the bytes it came in, an
 * EncodedResult (#45); without it, every result is a value.
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
  const started = performance.now();
  const { view } = state.presenter;
  const traceContext = { sessionId: session.id, client: session.client, protocol: session.protocol, mode: view.mode, surfaceRevision: view.revision };
  const head = startTrace(params.name, traceContext, Date.now());
  const ended = await runSteps(state, spool, session, params, context, head);
  const durationMs = performance.now() - started;
  spool.appendAfterAnswer(head.id, () => finishTrace(head, ended.outcome, durationMs));
  if ('error' in ended) throw ended.error;
  return ended.result;
}

/**
 * The call's steps. A step that throws ends the call as the proxy's own error, traced with what
 * the steps before it found.
 */
async function runSteps(
  state: ProxyState,
  spool: Spool,
  session: ProxySession,
  params: CallParams,
  context: CallContext & { encoded?: true },
  head: TraceHead,
): Promise<Ended> {
  let found: CallOutcome = { tool: params.name, status: 'ok' };
  try {
    const routed = await routeCall(state, session, params, state.presenter.view.argumentChecks);
    if (!isRoute(routed)) return routed;
    found = routed.outcome;
    const judged = judgeArguments(state, routed);
    if (!isRoute(judged)) return judged;
    found = judged.outcome;
    return await callServer(state, spool, session, judged, params._meta, context, head);
  } catch (error) {
    return { error, outcome: { ...found, status: 'error', errorCode: 'proxy_error' } };
  }
}

/**
 * The presented name back to a server's tool, and the policy's word on it: the call's route, or
 * its answer (a meta tool's, a refusal, or the error for a name that is no tool's).
 */
async function routeCall(state: ProxyState, session: ProxySession, params: CallParams, checks: ArgumentCheckMode): Promise<Route | Ended> {
  const { presenter } = state;
  if (presenter.policy.missing(presenter.view)) return refuseAll(state, session, params);
  const named: CallOutcome = { tool: params.name, status: 'ok' };
  const target = await findTarget(state, session, params.name);
  if (!target) {
    const error = new ProtocolError(ProtocolErrorCode.InvalidParams, unknownToolMessage(presenter, session, params.name));
    return { error, outcome: { ...named, status: 'error', errorCode: 'unknown_tool', invented: 'tool' } };
  }
  if (target.kind === 'find') return answerFindTools(presenter, session, params, named);
  const called = target.kind === 'router' ? routerCall(presenter, target, params, named) : calledTool(target, params, named, checks);
  if ('result' in called) return called;
  const { server, tool } = called;
  const known: CallOutcome = { ...called.outcome, server };
  const upstream = state.upstreams.get(server);
  if (!upstream) {
    const servers = [...state.upstreams.keys()].join(', ') || 'none';
    return toolError({ ...known, invented: 'server' }, 'unknown_server', `'${server}' is not one of this proxy's MCP servers (${servers})`);
  }
  // mcp_invoke_tool names its tool freely: only a name its server listed, exactly, is sent (a server may match names loosely).
  if (target.kind === 'invoke' && !presenter.lists(server, tool)) return unlistedToolCall(state, session, server, tool, known);
  const name = canonical(server, tool);
  const outcome: CallOutcome = { ...known, canonical: name };
  // Decided again whatever the name's form: a list keeps a tool out, only this keeps its call from the server.
  const decision = presenter.policy.decide(presenter.catalog, presenter.view, session.client, name, server);
  if (decision && !decision.allowed && presenter.view.policy) {
    return deniedCall(outcome, presenter.policy.toolRefusal(presenter.view, name, decision, presenter.view.policy));
  }
  const refusedAs = target.kind === 'invoke' ? name : params.name;
  return { upstream, server, tool, canonical: name, refusedAs, arguments: called.arguments, checks, outcome, via: called.via };
}

/** The server and tool a call names (its canonical name's, or mcp_invoke_tool's arguments'), and the tool's arguments. */
function calledTool(
  target: Extract<Target, { kind: 'tool' | 'invoke' }>,
  params: CallParams,
  named: CallOutcome,
  checks: ArgumentCheckMode,
): { server: string; tool: string; arguments: Record<string, unknown> | undefined; outcome: CallOutcome; via?: undefined } | Answered {
  if (target.kind === 'tool') {
    // biome-ignore lint/style/noNonNullAssertion: the presenter resolved this canonical name from the catalog, where every name splits.
    const { server, tool } = splitCanonical(target.canonical)!;
    return { server, tool, arguments: params.arguments, outcome: named };
  }
  const args = params.arguments ?? {};
  if (typeof args.server !== 'string' || typeof args.tool !== 'string') {
    // mcp_invoke_tool's own arguments are wrong: classed like any tool's.
    const problems = checks === 'off' ? undefined : invokeProblems(args);
    return toolError({ ...named, problems }, 'invalid_arguments', `${INVOKE_TOOL} needs "server" and "tool": the MCP server and the tool as it lists it`);
  }
  const { server, tool } = args;
  const forwarded = args.arguments as Record<string, unknown> | undefined;
  return { server, tool, arguments: forwarded, outcome: { ...named, arguments: { server, tool } } };
}

/**
 * Enforce mode judges the arguments before the server sees them, and a call it refuses never
 * reaches the server (§arguments). The other modes only report what the check finds, while the
 * server works (callServer).
 */
function judgeArguments(state: ProxyState, route: Route): Route | Answered {
  if (route.checks !== 'enforce') return route;
  const checked = state.argumentChecks.check(route.checks, route.canonical, state.presenter.inputSchemaOf(route.server, route.tool), route.arguments ?? {});
  const outcome: CallOutcome = { ...route.outcome, problems: checked.problems };
  if (!checked.refuse) return { ...route, outcome };
  const problems = checked.problems ?? [];
  return route.via ? routerArgumentRefusal(state.presenter, outcome, route.via, problems) : argumentRefusal(outcome, route.refusedAs, problems);
}

/**
 * The call sent to its server, noted in the spool as started before the server sees it (a proxy
 * killed during the call leaves it traced, of unknown outcome, §events). A failure is a tool
 * error the model reads; a cancelled call ends with the error it was cancelled with.
 */
async function callServer(
  state: ProxyState,
  spool: Spool,
  session: ProxySession,
  route: Route,
  meta: Record<string, unknown> | undefined,
  context: CallContext & { encoded?: true },
  head: TraceHead,
): Promise<Ended> {
  const { upstream, server, tool, checks } = route;
  spool.begin(startedTrace(head, route.outcome));
  const answer = upstream.call(upstreamParams(tool, route.arguments, meta), context.signal, context.progress, context.encoded === true);
  const problems =
    checks === 'enforce'
      ? route.outcome.problems
      : state.argumentChecks.report(checks, route.canonical, state.presenter.inputSchemaOf(server, tool), route.arguments ?? {});
  const outcome: CallOutcome = { ...route.outcome, problems };
  let result: CallToolResult | EncodedResult;
  try {
    result = await answer;
  } catch (err) {
    if (context.signal?.aborted) return { error: err, outcome: { ...outcome, status: 'cancelled' } };
    return serverFailure(outcome, server, tool, err);
  }
  const next = applyCall(session.presented.state, route.canonical);
  // A call that changes nothing keeps the session's list (not rebuilt and hashed again below).
  if (next !== session.presented.state) session.update({ ...session.presented, state: next });
  state.presenter.notifyIfChanged(session);
  return { result, outcome: result.isError ? { ...outcome, status: 'error', errorCode: 'tool_error' } : outcome };
}

/** A call its server did not answer with a result: why, as a tool error the model reads. */
function serverFailure(outcome: CallOutcome, server: string, tool: string, err: unknown): Answered {
  if (err instanceof UpstreamUnavailable) return toolError(outcome, 'upstream_unavailable', err.message);
  const tooLarge = messageTooLarge(err);
  if (tooLarge) {
    const what = `the result of ${tool} (MCP server '${server}')`;
    return toolError(outcome, 'result_too_large', tooLargeText(what, tooLarge.bytes, tooLarge.limitBytes));
  }
  const timeout = err instanceof SdkError && err.code === SdkErrorCode.RequestTimeout;
  return toolError(outcome, timeout ? 'timeout' : 'upstream_error', `MCP server '${server}' answered ${tool} with an error: ${errorMessage(err)}`);
}

/** The call as the server gets it: the client's progress token is the client's (the server gets one of the proxy's, and its progress is passed back). */
function upstreamParams(tool: string, args: Record<string, unknown> | undefined, meta: Record<string, unknown> | undefined): CallParams {
  if (meta === undefined) return { name: tool, arguments: args ?? {} };
  const { progressToken: _, ...rest } = meta;
  return { name: tool, arguments: args ?? {}, ...(Object.keys(rest).length > 0 ? { _meta: rest } : {}) };
}

function invokeProblems(args: Record<string, unknown>): ArgumentProblem[] {
  return (['server', 'tool'] as const).flatMap((key): ArgumentProblem[] => {
    if (args[key] === undefined) return [{ path: `$.${key}`, class: 'missing_required', keyword: 'required', blocking: true }];
    if (typeof args[key] !== 'string') return [{ path: `$.${key}`, class: 'type_error', keyword: 'type', expected: 'must be string', blocking: true }];
    return [];
  });
}
