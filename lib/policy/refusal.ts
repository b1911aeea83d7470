import type { ToolPolicy } from '@/lib/schemas/policy';
import { describeWhat, describeWhom, type PolicyDecision } from './decide';
import type { RuleSource } from './narrow';

/**
 * What a proxy answers when the policy keeps something from a session (§policy): the §errors
 * envelope, so a model reads what happened and what to do, and a program reads the code.
 */
export interface PolicyRefusal {
  error_code: 'POLICY_DENIED' | 'POLICY_MISSING';
  message: string;
  retryable: false;
  suggested_action: string;
  cited_rule: '§policy';
  details: {
    /** What was refused: a tool's `server/tool`, or a prompt or resource with its server. */
    refused: string;
    /** The rule that decided, numbered as the project's Policy page numbers it; null: the default (or no policy at all). */
    rule: number | null;
    /** Whom that rule names: `token:<name>`, `client:<name>`; empty: everyone. Null where favindex did not say. */
    identities: string[] | null;
  };
}

/** The policy as a proxy holds it: narrowed for its token, with where each rule comes from (empty from an older favindex). */
export interface HeldPolicy {
  policy: ToolPolicy;
  sources: readonly RuleSource[];
}

/**
 * The refusal of `refused` (say `memory/delete_entities`, or `the prompt 'greet' of MCP server
 * 'a'`) by `decision`. The rule is named as the project's policy holds it: its number there and
 * whom it is for (a token's rule reaches its proxy as a rule for everyone, so the narrowed rule
 * alone cannot say). Without sources (an older favindex) it says only what the proxy knows.
 */
export function policyRefusal(refused: string, decision: PolicyDecision, held: HeldPolicy, instead: string): PolicyRefusal {
  const { policy } = held;
  const rule = decision.rule === null ? undefined : policy.rules[decision.rule];
  // Sources stand for the narrowed rules one for one; any other count is not this policy's.
  const source = decision.rule !== null && held.sources.length === policy.rules.length ? held.sources[decision.rule] : undefined;
  let why: string;
  let number: number | null = null;
  let identities: string[] | null = null;
  if (rule && decision.rule !== null) {
    number = source?.rule ?? decision.rule + 1;
    identities = source ? source.identities : rule.identities?.length ? rule.identities : null;
    const whom = identities ? describeWhom(identities) : "for this proxy's token or everyone";
    why = `rule ${number}, ${describeWhat(rule)} ${whom}${rule.note ? ` (${rule.note})` : ''}`;
  } else {
    identities = [];
    why = `no rule allows it, and the policy's default is ${policy.default}`;
  }
  return {
    error_code: 'POLICY_DENIED',
    message: `${refused} is not allowed for this session by the project's tool policy: ${why}.`,
    retryable: false,
    suggested_action: `${instead}, or ask the project's owner to change the tool policy.`,
    cited_rule: '§policy',
    details: { refused, rule: number, identities },
  };
}

/** --require-policy and no policy from favindex yet: everything is refused until one arrives. */
export function missingPolicyRefusal(refused: string): PolicyRefusal {
  return {
    error_code: 'POLICY_MISSING',
    message: `${refused} is refused: favindex has not sent this token's policy yet, and this proxy runs with --require-policy, so nothing may be used until it does.`,
    retryable: false,
    suggested_action: "Ask the project's owner whether favindex is reachable from the proxy, and new enough to send a policy.",
    cited_rule: '§policy',
    details: { refused, rule: null, identities: null },
  };
}

/** The refusal as the model reads it, in one paragraph: what happened, then what to do. */
export function refusalText(refusal: Pick<PolicyRefusal, 'message' | 'suggested_action'>): string {
  return `${refusal.message} ${refusal.suggested_action}`;
}
