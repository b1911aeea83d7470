import type { ToolPolicy } from '@/lib/schemas/policy';

/** A token of the project as the policy knows it: rules name it `token:<id>`, people read its name. */
export interface PolicyToken {
  id: string;
  name: string;
  /** False once revoked: a revoked token's id stays in the rules that name it, and applies to no request. */
  live: boolean;
}

const TOKEN = 'token:';

/**
 * The policy with each token it names by its id (§policy). Rules name a token by its id, so two
 * tokens are two identities and a rotated name takes over no rules; a person writes the name,
 * and `token:<name>` of a live token becomes `token:<its id>` here, when the policy is saved or
 * planned. What is neither a token's id nor a live token's name is kept as written, planned with
 * a warning, and taken up by the token made later with that name (server/tokens/tokens.ts).
 */
export function resolveTokenRefs(policy: ToolPolicy, tokens: readonly PolicyToken[]): ToolPolicy {
  const resolve = (identity: string): string => (identity.startsWith(TOKEN) ? `${TOKEN}${tokenIdOf(identity.slice(TOKEN.length), tokens)}` : identity);
  let changed = false;
  const rules = policy.rules.map((rule) => {
    if (!rule.identities) return rule;
    const resolved = rule.identities.map(resolve);
    // A rule that names no token by name is kept as written, a repeat too, so an export applies back unchanged.
    if (resolved.every((identity, i) => identity === rule.identities?.[i])) return rule;
    changed = true;
    return { ...rule, identities: [...new Set(resolved)] };
  });
  return changed ? { ...policy, rules } : policy;
}

/** The id a token reference stands for: a token's id as it is, a live token's name as that token's id, anything else as it is. */
export function tokenIdOf(ref: string, tokens: readonly PolicyToken[]): string {
  if (tokens.some((t) => t.id === ref)) return ref;
  return tokens.find((t) => t.live && t.name === ref)?.id ?? ref;
}

/** The identity as people read it: `token:<id>` of a known token as `token:<its name>`, anything else as it is. */
export function identityLabel(identity: string, tokens: ReadonlyMap<string, PolicyToken>): string {
  if (!identity.startsWith(TOKEN)) return identity;
  const token = tokens.get(identity.slice(TOKEN.length));
  return token ? `${TOKEN}${token.name}` : identity;
}

/** The tokens by id, for identityLabel. */
export function tokensById(tokens: readonly PolicyToken[]): Map<string, PolicyToken> {
  return new Map(tokens.map((t) => [t.id, t]));
}
