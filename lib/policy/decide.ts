import {
  POLICY_ANNOTATION_DEFAULTS,
  POLICY_ANNOTATIONS,
  type PolicyAnnotation,
  type PolicyEffect,
  type PolicyRule,
  type ToolPolicy,
} from '@/lib/schemas/policy';
import { anyGlob } from './glob';

/** Who is asking: the project token's name (null for the dashboard or a proxy without one) and the client the session named. */
export interface PolicyIdentity {
  token: string | null;
  client: string | null;
}

/** What a rule can see of a tool. */
export interface PolicyTool {
  canonical: string;
  server: string;
  annotations?: Record<string, unknown> | undefined;
}

/** The decision for one identity and tool: `rule` is the index of the rule that decided, null for the default. */
export interface PolicyDecision {
  allowed: boolean;
  rule: number | null;
}

interface CompiledRule {
  allow: boolean;
  appliesTo: (identity: PolicyIdentity) => boolean;
  matches: (tool: PolicyTool) => boolean;
}

export interface CompiledPolicy {
  readonly policy: ToolPolicy;
  decide(identity: PolicyIdentity, tool: PolicyTool): PolicyDecision;
}

const compiled = new WeakMap<ToolPolicy, CompiledPolicy>();

/** The policy with its globs made once; kept per policy object, which callers never change. */
export function compilePolicy(policy: ToolPolicy): CompiledPolicy {
  let found = compiled.get(policy);
  if (!found) {
    const rules = policy.rules.map(compileRule);
    const fallback: PolicyDecision = { allowed: policy.default === 'allow', rule: null };
    found = {
      policy,
      decide(identity, tool) {
        for (let i = 0; i < rules.length; i++) {
          const rule = rules[i]!;
          if (rule.appliesTo(identity) && rule.matches(tool)) return { allowed: rule.allow, rule: i };
        }
        return fallback;
      },
    };
    compiled.set(policy, found);
  }
  return found;
}

export function decide(policy: ToolPolicy, identity: PolicyIdentity, tool: PolicyTool): PolicyDecision {
  return compilePolicy(policy).decide(identity, tool);
}

/** A tool's annotation as a rule reads it: the tool's own boolean, else the specification's default. */
export function annotationOf(tool: PolicyTool, name: PolicyAnnotation): boolean {
  const own = (key: PolicyAnnotation) => {
    const value = tool.annotations?.[key];
    return typeof value === 'boolean' ? value : POLICY_ANNOTATION_DEFAULTS[key];
  };
  // The specification: destructive and idempotent mean something only for a tool that writes.
  if (name === 'destructiveHint' && own('readOnlyHint')) return false;
  if (name === 'idempotentHint' && own('readOnlyHint')) return true;
  return own(name);
}

function compileRule(rule: PolicyRule): CompiledRule {
  const tokens = new Set<string>();
  const clients = new Set<string>();
  for (const identity of rule.identities ?? []) {
    const colon = identity.indexOf(':');
    (identity.slice(0, colon) === 'token' ? tokens : clients).add(identity.slice(colon + 1));
  }
  const everyone = tokens.size === 0 && clients.size === 0;
  const tool = rule.tools ? anyGlob(rule.tools) : null;
  const server = rule.servers ? anyGlob(rule.servers) : null;
  const wanted = POLICY_ANNOTATIONS.flatMap((name) => (rule.annotations?.[name] === undefined ? [] : [[name, rule.annotations[name]] as const]));
  return {
    allow: rule.effect === 'allow',
    appliesTo: (identity) => everyone || (identity.token !== null && tokens.has(identity.token)) || (identity.client !== null && clients.has(identity.client)),
    matches: (t) => (!tool || tool(t.canonical)) && (!server || server(t.server)) && wanted.every(([name, value]) => annotationOf(t, name) === value),
  };
}

/** The rule as a line of text, for "hidden by rule 2: deny github/delete_* for token:ci". */
export function describeRule(rule: PolicyRule): string {
  const what = [
    ...(rule.tools ? [rule.tools.join(', ')] : []),
    ...(rule.servers ? [`servers ${rule.servers.join(', ')}`] : []),
    ...POLICY_ANNOTATIONS.flatMap((name) => (rule.annotations?.[name] === undefined ? [] : [`${name} ${rule.annotations[name]}`])),
  ];
  const whom = rule.identities && rule.identities.length > 0 ? ` for ${rule.identities.join(', ')}` : ' for everyone';
  return `${rule.effect} ${what.length > 0 ? what.join('; ') : 'every tool'}${whom}`;
}

export function effectWord(effect: PolicyEffect): string {
  return effect === 'allow' ? 'allowed' : 'denied';
}
