import type { ToolPolicy } from '@/lib/schemas/policy';
import { compilePolicy, type PolicyTool } from './decide';

/**
 * The policy as one token sees it (§policy), what its proxy is sent: a rule naming that token
 * applies to every one of its sessions (it is for everyone, here), a rule naming only other
 * tokens is dropped (a proxy never learns the other tokens' names), and what is left of a rule's
 * identities are clients, which the proxy matches per session. For every client c,
 * decide(narrowed, {null, c}) equals decide(policy, {token, c}).
 */
export function policyForToken(policy: ToolPolicy, token: string | null): ToolPolicy {
  const rules = policy.rules.flatMap((rule) => {
    if (!rule.identities || rule.identities.length === 0) return [rule];
    if (token !== null && rule.identities.includes(`token:${token}`)) {
      const { identities: _, ...everyone } = rule;
      return [everyone];
    }
    const clients = rule.identities.filter((identity) => identity.startsWith('client:'));
    return clients.length > 0 ? [{ ...rule, identities: clients }] : [];
  });
  return { default: policy.default, rules };
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
