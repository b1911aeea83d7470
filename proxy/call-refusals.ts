import type { CallToolResult } from '@modelcontextprotocol/server';
import { invalidArgumentsAnswer } from '@/lib/arguments/answer';
import type { ArgumentProblem } from '@/lib/arguments/classes';
import { canonical, splitCanonical } from '@/lib/names/canonical';
import { INVOKE_TOOL } from '@/lib/names/invoke';
import { FIND_TOOLS } from '@/lib/names/meta';
import { hasSearchTool } from '@/lib/surface/mode-traits';
import { missingPolicyRefusal, type PolicyRefusal, refusalText } from '@/lib/policy/refusal';
import type { CallParams } from '@/mcp/direct-calls';
import { POLICY_DENIED, POLICY_MISSING } from './policy-gate';
import type { ProxyState } from './runtime';
import type { ProxySession } from './session';
import type { CallOutcome } from './traces';

/** A call the proxy answered: the result for the client, and what its trace says of the call. */
export interface Answered {
  result: CallToolResult;
  outcome: CallOutcome;
}

/** mcp_invoke_tool named a tool its server does not list, as listed: nothing was sent (§surface). */
export interface UnlistedToolRefusal {
  error_code: 'UNKNOWN_TOOL';
  message: string;
  /** True only while the server has not listed its tools: the same call may pass once it has. */
  retryable: boolean;
  suggested_action: string;
  cited_rule: '§surface';
  details: { server: string; tool: string };
}

/**
 * A call the proxy answers itself: a tool execution error, so the model reads what happened and
 * what to do (MCP since 2025-11-25), then the same as the §errors envelope for programs, as an
 * argument refusal carries it (§arguments).
 */
export function refusalResult(refusal: PolicyRefusal | UnlistedToolRefusal): CallToolResult {
  return {
    content: [
      { type: 'text', text: refusalText(refusal) },
      { type: 'text', text: JSON.stringify(refusal) },
    ],
    isError: true,
  };
}

/** A call the policy refused: traced as denied, answered with the rule. */
export function deniedCall(known: CallOutcome, refusal: PolicyRefusal): Answered {
  const errorCode = refusal.error_code === 'POLICY_MISSING' ? POLICY_MISSING : POLICY_DENIED;
  return { result: refusalResult(refusal), outcome: { ...known, status: 'denied', errorCode } };
}

/**
 * --require-policy and no policy from favindex: every call is refused, traced as denied and, when
 * its name is a tool's in any form, as that tool's.
 */
export function refuseAll(state: ProxyState, session: ProxySession, params: CallParams): Answered {
  const args = params.arguments ?? {};
  const named =
    params.name === INVOKE_TOOL && typeof args.server === 'string' && typeof args.tool === 'string'
      ? canonical(args.server, args.tool)
      : state.presenter.policy.hiddenTool(state.presenter.catalog, state.presenter.view, session.client, params.name);
  const parts = named ? splitCanonical(named) : null;
  const known: CallOutcome = { tool: params.name, status: 'ok' };
  if (named && parts && state.upstreams.has(parts.server)) {
    known.server = parts.server;
    if (state.presenter.lists(parts.server, parts.tool)) known.canonical = named;
  }
  if (params.name === INVOKE_TOOL && parts) known.arguments = parts;
  return deniedCall(known, missingPolicyRefusal(named ?? params.name));
}

/** How many of a server's tools an unlisted name's refusal names, when nothing else says what to call. */
const TOOLS_NAMED = 20;

/**
 * mcp_invoke_tool naming a tool its server does not list exactly (`SEND_EMAIL`, `send_email `):
 * refused before anything reaches the server, which might match the name loosely and run a tool
 * the policy denies. It points at what the session may call: the name it likely meant among
 * those, or the way to find one.
 */
export function unlistedToolCall(state: ProxyState, session: ProxySession, server: string, tool: string, known: CallOutcome): Answered {
  const { presenter } = state;
  const outcome: CallOutcome = { ...known, status: 'error', errorCode: 'unknown_tool' };
  const details = { server, tool };
  if (!state.tools.has(server)) {
    // Nothing to check the name against yet: not sent either, and not counted as made up.
    return {
      outcome,
      result: refusalResult({
        error_code: 'UNKNOWN_TOOL',
        message: `MCP server '${server}' has not listed its tools yet, so '${tool}' cannot be checked against them and nothing was sent to it.`,
        retryable: true,
        suggested_action: 'Call again once the server has started.',
        cited_rule: '§surface',
        details,
      }),
    };
  }
  // Only tools this session may use are offered: a denied tool's name is not given away.
  const mine = presenter
    .catalogFor(session)
    .entries.filter((e) => e.server === server)
    .map((e) => e.tool.name);
  const loose = looseName(tool);
  const meant = mine.find((name) => looseName(name) === loose);
  const finds = session.stateless || hasSearchTool(presenter.view.mode);
  const shown = mine.slice(0, TOOLS_NAMED).join(', ');
  const more = mine.length > TOOLS_NAMED ? ` and ${mine.length - TOOLS_NAMED} more` : '';
  const suggested = meant
    ? `Call ${INVOKE_TOOL} again with "tool": "${meant}", spelled exactly so.`
    : finds
      ? `Find the tool with ${FIND_TOOLS}, then call ${INVOKE_TOOL} with its name exactly as found.`
      : mine.length > 0
        ? `Call ${INVOKE_TOOL} with one of the tools of '${server}' you may use, spelled exactly: ${shown}${more}.`
        : `This session may use no tool of '${server}': use another server's tools.`;
  const result = refusalResult({
    error_code: 'UNKNOWN_TOOL',
    message: `MCP server '${server}' lists no tool named '${tool}' (names must match exactly, case and spaces included), so nothing was sent to it.`,
    retryable: false,
    suggested_action: suggested,
    cited_rule: '§surface',
    details,
  });
  return { result, outcome: { ...outcome, invented: 'tool' } };
}

/** A name as a loose match reads it: no surrounding space, one case, `-` and ` ` as `_`. */
function looseName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[-\s]+/g, '_');
}

/** A call answered with a tool error the model reads, its code kept for the trace. */
export function toolError(known: CallOutcome, code: string, message: string): Answered {
  return { result: { content: [{ type: 'text', text: message }], isError: true }, outcome: { ...known, status: 'error', errorCode: code } };
}

/** Enforce mode (§arguments): a tool execution error the model can correct itself from, and the envelope for programs. */
export function argumentRefusal(known: CallOutcome, tool: string, problems: readonly ArgumentProblem[]): Answered {
  const { text, envelope } = invalidArgumentsAnswer(tool, problems);
  const result: CallToolResult = {
    content: [
      { type: 'text', text },
      { type: 'text', text: JSON.stringify(envelope) },
    ],
    isError: true,
  };
  return { result, outcome: { ...known, status: 'error', errorCode: 'invalid_arguments' } };
}
