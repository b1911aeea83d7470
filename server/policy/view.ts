import type { Db } from '@/db/client';
import { listPolicyChanges } from '@/db/queries/policy';
import type { KnownIdentity, PolicyAccess, PolicyHistory, PolicyView } from '@/lib/contracts/policy';
import { compilePolicy, describeRule, type PolicyIdentity } from '@/lib/policy/decide';
import { deniedToOf } from '@/lib/policy/denied-to';
import { clientsNamed } from '@/lib/policy/narrow';
import { describePolicyChange, knownIdentities, orderedPolicy, tokensNamed } from '@/lib/policy/plan';
import { identityLabel, tokenIdOf, tokensById } from '@/lib/policy/token-refs';
import { loadPolicyInputs, requirePolicy } from './inputs';

/** GET /policy: the policy in force with its version, each identity favindex knows of with what it may use, and the tools none may. */
export async function policyView(db: Db, projectId: string): Promise<PolicyView> {
  const { stored, catalog, names } = await loadPolicyInputs(db, projectId);
  const policy = compilePolicy(stored.policy);
  const tokens = tokensById(names.tokens);
  const seen = new Set(names.clients);
  const namedTokens = new Set(tokensNamed(stored.policy));
  const namedClients = new Set(clientsNamed(stored.policy));
  const identities: KnownIdentity[] = knownIdentities(names, stored.policy)
    .filter(({ identity }) => identity !== '*')
    .map(({ identity, as }) => {
      const kind = as.token !== null ? 'token' : 'client';
      const ref = as.token ?? as.client ?? '';
      const from: KnownIdentity['from'] = [];
      if (kind === 'token' && tokens.get(ref)?.live) from.push('token');
      if (kind === 'client' && seen.has(ref)) from.push('sessions');
      if ((kind === 'token' ? namedTokens : namedClients).has(ref)) from.push('rules');
      const allowed = catalog.filter((tool) => policy.decide(as, tool).allowed).length;
      // A token is named by its id in the rules and shown by its name.
      const name = kind === 'token' ? (tokens.get(ref)?.name ?? ref) : ref;
      return { identity, kind, name, from, allowed, denied: catalog.length - allowed };
    });
  const deniedTo = deniedToOf(stored.policy, names);
  const deniedToEveryone = catalog.filter((tool) => deniedTo(tool).everyone).map((tool) => tool.canonical);
  return { project: projectId, version: stored.version, policy: orderedPolicy(stored.policy), catalogTools: catalog.length, identities, deniedToEveryone };
}

/**
 * GET /policy/access: every catalog tool as this identity gets it, with the rule that decided
 * and why. The token may be named by its id or by a live token's name.
 */
export async function policyAccess(db: Db, projectId: string, asked: PolicyIdentity): Promise<PolicyAccess> {
  const { stored, catalog, names } = await loadPolicyInputs(db, projectId);
  const identity = { ...asked, token: asked.token === null ? null : tokenIdOf(asked.token, names.tokens) };
  const tokens = tokensById(names.tokens);
  const label = (written: string) => identityLabel(written, tokens);
  const policy = compilePolicy(stored.policy);
  const tools = catalog.map((tool) => {
    const { allowed, rule } = policy.decide(identity, tool);
    const decided = rule === null ? null : stored.policy.rules[rule];
    return {
      canonical: tool.canonical,
      server: tool.server,
      allowed,
      rule,
      reason: decided ? describeRule(decided, label) : `the default: ${stored.policy.default}`,
      note: decided?.note ?? null,
    };
  });
  const allowed = tools.filter((t) => t.allowed).length;
  return { project: projectId, identity, allowed, denied: tools.length - allowed, tools };
}

/** GET /policy/history: the saved versions, newest first, each change in one line. */
export async function policyHistory(db: Db, projectId: string, query: { limit: number; before?: number }): Promise<PolicyHistory> {
  const stored = await requirePolicy(db, projectId);
  const changes = await listPolicyChanges(db, projectId, query);
  return {
    project: projectId,
    currentVersion: stored.version,
    changes: changes.map((c) => ({
      ...c,
      before: c.before ? orderedPolicy(c.before) : null,
      after: orderedPolicy(c.after),
      description: describePolicyChange(c.before, c.after),
    })),
  };
}
