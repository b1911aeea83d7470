import type { CallToolResult } from '@modelcontextprotocol/server';
import { canonical, splitCanonical } from '@/lib/names/canonical';
import { INVOKE_TOOL } from '@/lib/names/invoke';
import { missingPolicyRefusal, type PolicyRefusal, refusalText } from '@/lib/policy/refusal';
import type { CallParams } from '@/mcp/direct-calls';
import { POLICY_DENIED, POLICY_MISSING } from './policy-gate';
import type { ProxyState } from './runtime';
import type { ProxySession } from './session';
import type { CallOutcome } from './traces';

/**
 * A call the proxy answers itself: a tool execution error, so the model reads what happened and
 * what to do (MCP since 2025-11-25), then the same as the §errors envelope for programs, as an
 * argument refusal carries it (§arguments).
 */
export function refusalResult(refusal: PolicyRefusal): CallToolResult {
  return {
    content: [
      { type: 'text', text: refusalText(refusal) },
      { type: 'text', text: JSON.stringify(refusal) },
    ],
    isError: true,
  };
}

/** A call the policy refused: traced as denied, answered with the rule. */
export function deniedCall(outcome: CallOutcome, refusal: PolicyRefusal): CallToolResult {
  outcome.status = 'denied';
  outcome.errorCode = refusal.error_code === 'POLICY_MISSING' ? POLICY_MISSING : POLICY_DENIED;
  return refusalResult(refusal);
}

/**
 * --require-policy and no policy from favindex: every call is refused, traced as denied and, when
 * its name is a tool's in any form, as that tool's.
 */
export function refuseAll(state: ProxyState, session: ProxySession, params: CallParams, outcome: CallOutcome): CallToolResult {
  const args = params.arguments ?? {};
  const named =
    params.name === INVOKE_TOOL && typeof args.server === 'string' && typeof args.tool === 'string'
      ? canonical(args.server, args.tool)
      : state.presenter.policy.hiddenTool(state.presenter.catalog, state.presenter.view, session.client, params.name);
  const parts = named ? splitCanonical(named) : null;
  if (parts && state.upstreams.has(parts.server)) {
    outcome.server = parts.server;
    // biome-ignore lint/style/noNonNullAssertion: parts is set only from a named tool, two lines above.
    if (state.presenter.lists(parts.server, parts.tool)) outcome.canonical = named!;
  }
  if (params.name === INVOKE_TOOL && parts) outcome.arguments = parts;
  return deniedCall(outcome, missingPolicyRefusal(named ?? params.name));
}
