import { stringify } from 'yaml';
import type { IdentityChange } from '@/lib/contracts/policy';
import { POLICY_ANNOTATIONS, type PolicyRule, type ToolPolicy } from '@/lib/schemas/policy';
import { stableStringify } from '@/lib/stable-json';
import { diffLines, unifiedDiff } from '@/lib/yaml/line-diff';
import { compilePolicy, describeRule, type PolicyIdentity, type PolicyTool } from './decide';
import { clientsNamed } from './narrow';
import { identityLabel, type PolicyToken, tokensById } from './token-refs';
import { itemAt } from '@/lib/arrays';

/**
 * The policy with its keys in one fixed order (default, rules; each rule effect, identities,
 * tools, servers, annotations, note, only those present), so its YAML depends only on its
 * values: what the API answers, the YAML export writes and the diff compares.
 */
export function orderedPolicy(policy: ToolPolicy): ToolPolicy {
  return { default: policy.default, rules: policy.rules.map(orderedRule) };
}

function orderedRule(rule: PolicyRule): PolicyRule {
  const annotations = rule.annotations
    ? Object.fromEntries(POLICY_ANNOTATIONS.flatMap((name) => (rule.annotations?.[name] === undefined ? [] : [[name, rule.annotations[name]]])))
    : undefined;
  return {
    effect: rule.effect,
    ...(rule.identities !== undefined ? { identities: [...rule.identities] } : {}),
    ...(rule.tools !== undefined ? { tools: [...rule.tools] } : {}),
    ...(rule.servers !== undefined ? { servers: [...rule.servers] } : {}),
    ...(annotations !== undefined ? { annotations } : {}),
    ...(rule.note !== undefined ? { note: rule.note } : {}),
  };
}

export function samePolicy(a: ToolPolicy, b: ToolPolicy): boolean {
  return stableStringify(orderedPolicy(a)) === stableStringify(orderedPolicy(b));
}

export function policyYaml(policy: ToolPolicy): string {
  return stringify(orderedPolicy(policy), { lineWidth: 0, indent: 2, aliasDuplicateObjects: false });
}

/** What the project knows of besides the policy: its tokens (revoked ones too) and the clients its sessions named. */
export interface KnownNames {
  tokens: readonly PolicyToken[];
  clients: readonly string[];
}

export interface PolicyWarning {
  path: string;
  message: string;
}

export interface PolicyPlan {
  diff: string;
  identities: IdentityChange[];
  warnings: PolicyWarning[];
}

/**
 * The identities a view or plan speaks of, each once: tokens (the live ones and those the rules
 * name, by id), then clients, then '*' for anyone no rule names.
 */
export function knownIdentities(names: KnownNames, ...policies: ToolPolicy[]): { identity: string; as: PolicyIdentity }[] {
  const as = (token: string | null, client: string | null): PolicyIdentity => ({ token, client });
  const tokens = new Set(names.tokens.filter((t) => t.live).map((t) => t.id));
  const clients = new Set(names.clients);
  for (const policy of policies) {
    for (const client of clientsNamed(policy)) clients.add(client);
    for (const token of tokensNamed(policy)) tokens.add(token);
  }
  return [
    ...[...tokens].map((t) => ({ identity: `token:${t}`, as: as(t, null) })),
    ...[...clients].map((c) => ({ identity: `client:${c}`, as: as(null, c) })),
    { identity: '*', as: as(null, null) },
  ];
}

export function tokensNamed(policy: ToolPolicy): string[] {
  const tokens = new Set<string>();
  for (const rule of policy.rules) for (const identity of rule.identities ?? []) if (identity.startsWith('token:')) tokens.add(identity.slice(6));
  return [...tokens];
}

/**
 * What saving `next` over `current` does (§policy): the YAML diff, the catalog tools each known
 * identity gains and loses (only those whose tools change), and warnings a person should read
 * before saving. `prefix` is where the policy sits in a larger document (the YAML apply).
 */
export function planPolicy(current: ToolPolicy, next: ToolPolicy, catalog: readonly PolicyTool[], names: KnownNames, prefix = ''): PolicyPlan {
  const diff = unifiedDiff(policyYaml(current), policyYaml(next), { from: 'current/policy.yaml', to: 'applied/policy.yaml' });
  const before = compilePolicy(current);
  const after = compilePolicy(next);
  const identities: IdentityChange[] = [];
  if (diff !== '') {
    for (const { identity, as } of knownIdentities(names, current, next)) {
      const gained: string[] = [];
      const lost: string[] = [];
      for (const tool of catalog) {
        const was = before.decide(as, tool).allowed;
        const is = after.decide(as, tool).allowed;
        if (was !== is) (is ? gained : lost).push(tool.canonical);
      }
      if (gained.length > 0 || lost.length > 0) identities.push({ identity, gained, lost });
    }
  }
  return { diff, identities, warnings: policyWarnings(next, catalog, names.tokens, prefix) };
}

/**
 * Rules that match no catalog tool (likely a misspelt glob), and token identities that match no
 * live token: a revoked token's id, or a name no live token has (names were resolved to ids
 * before, resolveTokenRefs, so what is left is no token's).
 */
export function policyWarnings(policy: ToolPolicy, catalog: readonly PolicyTool[], tokens: readonly PolicyToken[], prefix = ''): PolicyWarning[] {
  const warnings: PolicyWarning[] = [];
  const byId = tokensById(tokens);
  const label = (identity: string) => identityLabel(identity, byId);
  policy.rules.forEach((rule, i) => {
    const path = `${prefix}rules[${i}]`;
    // The rule for everyone, so only what it names of tools decides whether it matches any.
    const { identities: _, ...forEveryone } = rule;
    const alone = compilePolicy({ default: 'allow', rules: [forEveryone] });
    if (!catalog.some((tool) => alone.decide({ token: null, client: null }, tool).rule === 0)) {
      const where = catalog.length === 0 ? 'the project has no catalog yet' : 'no tool of the catalog matches it';
      warnings.push({ path, message: `rule ${i + 1} (${describeRule(rule, label)}) decides nothing now: ${where}. Check the spelling of its patterns.` });
    }
    (rule.identities ?? []).forEach((identity, j) => {
      if (!identity.startsWith('token:')) return;
      const token = byId.get(identity.slice(6));
      if (token?.live) return;
      const message = token
        ? `the token '${token.name}' (${token.id}) is revoked: the rule applies to no request until you name a live token in its place.`
        : `the project has no token '${identity.slice(6)}': the rule applies once a token of that name is made (it then names that token by its id).`;
      warnings.push({ path: `${path}.identities[${j}]`, message });
    });
  });
  return warnings;
}

/** The change in one line for the history, rules numbered from 1: "added rule 2 · default allow → deny". */
export function describePolicyChange(before: ToolPolicy | null, after: ToolPolicy): string {
  if (!before) return `first policy: default ${after.default}, ${after.rules.length} ${after.rules.length === 1 ? 'rule' : 'rules'}`;
  const parts: string[] = [];
  const ops = diffLines(
    before.rules.map((r) => stableStringify(orderedRule(r))).join('\n'),
    after.rules.map((r) => stableStringify(orderedRule(r))).join('\n'),
  );
  // Numbers as people read them: a removed rule by its old place, an added or changed one by its new.
  let was = 0;
  let is = 0;
  for (let k = 0; k < ops.length; k++) {
    const op = itemAt(ops, k);
    if (op.kind === 'same') {
      was++;
      is++;
    } else if (op.kind === 'add') parts.push(`added rule ${++is}`);
    else if (ops[k + 1]?.kind === 'add') {
      parts.push(`changed rule ${++is}`);
      was++;
      k++;
    } else parts.push(`removed rule ${++was}`);
  }
  if (before.default !== after.default) parts.push(`default ${before.default} → ${after.default}`);
  return parts.join(' · ') || 'no change';
}
