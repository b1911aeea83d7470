import type { ToolPolicy } from '@/lib/schemas/policy';
import { compilePolicy, type PolicyTool } from './decide';

/**
 * Where a rule of a token's narrowed policy comes from, so that a refusal names it as the Policy
 * page does: its number in the project's policy (from 1), and whom it names there that the token
 * may know of (`token:<that token's name>`, clients); none: everyone.
 */
export interface RuleSource {
  rule: number;
  identities: string[];
}

/**
 * The policy as one token sees it (§policy), what its proxy is sent: a rule naming that token
 * applies to every one of its sessions (it is for everyone, here), a rule naming only other
 * tokens is dropped (a proxy never learns the other tokens' names), and what is left of a rule's
 * identities are clients, which the proxy matches per session. For every client c,
 * decide(narrowed, {null, c}) equals decide(policy, {token, c}). `sources` has one entry per
 * rule kept, in order. `token` is the token's id, as rules name it; `tokenName` is how its
 * sources name it, for the people who read a refusal.
 */
export function narrowPolicy(policy: ToolPolicy, token: string | null, tokenName = token): { policy: ToolPolicy; sources: RuleSource[] } {
  const rules: ToolPolicy['rules'] = [];
  const sources: RuleSource[] = [];
  policy.rules.forEach((rule, index) => {
    const named = rule.identities ?? [];
    const clients = named.filter((identity) => identity.startsWith('client:'));
    const mine = token !== null && named.includes(`token:${token}`);
    if (named.length === 0) rules.push(rule);
    else if (mine) {
      const { identities: _, ...everyone } = rule;
      rules.push(everyone);
    } else if (clients.length > 0) {
      rules.push({ ...rule, identities: clients });
    } else return;
    sources.push({ rule: index + 1, identities: mine ? [`token:${tokenName}`, ...clients] : clients });
  });
  return { policy: { default: policy.default, rules }, sources };
}

/** The policy a token's proxy decides with: narrowPolicy's, without where its rules come from. */
export function policyForToken(policy: ToolPolicy, token: string | null): ToolPolicy {
  return narrowPolicy(policy, token).policy;
}

const NO_CLIENT = { token: null, client: null };

/**
 * Whether a token-narrowed policy lets some session use the tool: one of the clients it names,
 * or any other (all of which it treats alike). A tool no session may use is left out of the
 * token's surface document altogether.
 */
export function someSessionMayUse(narrowed: ToolPolicy, tool: PolicyTool): boolean {
  const policy = compilePolicy(narrowed);
  if (policy.decide(NO_CLIENT, tool).allowed) return true;
  for (const session of policy.clients) if (policy.decide(session, tool).allowed) return true;
  return false;
}

/** The clients a policy names, in rule order. */
export function clientsNamed(policy: ToolPolicy): string[] {
  // biome-ignore lint/style/noNonNullAssertion: compilePolicy makes its clients from client: identities, each with its name.
  return compilePolicy(policy).clients.map((session) => session.client!);
}
