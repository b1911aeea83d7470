import { POLICY_ANNOTATION_DEFAULTS, POLICY_ANNOTATIONS, type PolicyAnnotation, type PolicyRule, type ToolPolicy } from '@/lib/schemas/policy';
import { anyGlob } from './glob';

/** Who is asking: the project token's id (null for the dashboard or a proxy without one) and the client the session named. */
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
  index: number;
  allow: boolean;
  /** False when no tool of this server can match (its server patterns, or the server its tool patterns start with). */
  mayMatchServer: (server: string) => boolean;
  appliesTo: (identity: PolicyIdentity) => boolean;
  matches: (tool: PolicyTool) => boolean;
  /** True when the rule takes in the server whole (no `tools`, no `annotations`): it decides the server's prompts and resources too. */
  coversServer: (server: string) => boolean;
}

export interface CompiledPolicy {
  readonly policy: ToolPolicy;
  /** No rule and the default allows: every tool, for everyone. */
  readonly allowsEverything: boolean;
  /** The clients its rules name, in rule order, each as a session with no token. */
  readonly clients: readonly PolicyIdentity[];
  decide(identity: PolicyIdentity, tool: PolicyTool): PolicyDecision;
  /**
   * The decision for what a server offers besides tools (prompts, resources, templates): the
   * first rule for the identity that takes in the server whole (coversServer), else the default.
   */
  decideServer(identity: PolicyIdentity, server: string): PolicyDecision;
}

const compiled = new WeakMap<ToolPolicy, CompiledPolicy>();

/** The policy with its globs made once; kept per policy object, which callers never change. */
export function compilePolicy(policy: ToolPolicy): CompiledPolicy {
  let found = compiled.get(policy);
  if (!found) {
    const rules = policy.rules.map(compileRule);
    // The rules that can match some tool of a server, per server: a catalog has few servers and many tools.
    const byServer = new Map<string, CompiledRule[]>();
    const rulesFor = (server: string) => {
      let found = byServer.get(server);
      if (!found) {
        found = rules.filter((rule) => rule.mayMatchServer(server));
        byServer.set(server, found);
      }
      return found;
    };
    const fallback: PolicyDecision = { allowed: policy.default === 'allow', rule: null };
    const clients = new Set<string>();
    for (const rule of policy.rules) for (const identity of rule.identities ?? []) if (identity.startsWith('client:')) clients.add(identity.slice(7));
    found = {
      policy,
      allowsEverything: rules.length === 0 && fallback.allowed,
      clients: [...clients].map((client) => ({ token: null, client })),
      decide(identity, tool) {
        for (const rule of rulesFor(tool.server)) {
          if (rule.appliesTo(identity) && rule.matches(tool)) return { allowed: rule.allow, rule: rule.index };
        }
        return fallback;
      },
      decideServer(identity, server) {
        for (const rule of rulesFor(server)) {
          if (rule.appliesTo(identity) && rule.coversServer(server)) return { allowed: rule.allow, rule: rule.index };
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
  // The specification: destructive and idempotent mean something only for a tool that writes.
  if (name === 'destructiveHint' && ownAnnotation(tool, 'readOnlyHint')) return false;
  if (name === 'idempotentHint' && ownAnnotation(tool, 'readOnlyHint')) return true;
  return ownAnnotation(tool, name);
}

function ownAnnotation(tool: PolicyTool, name: PolicyAnnotation): boolean {
  const value = tool.annotations?.[name];
  return typeof value === 'boolean' ? value : POLICY_ANNOTATION_DEFAULTS[name];
}

function compileRule(rule: PolicyRule, index: number): CompiledRule {
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
  const toolServers = rule.tools?.map((pattern) => {
    const wildcard = pattern.search(/[*?]/);
    return wildcard === -1 ? pattern : pattern.slice(0, wildcard);
  });
  return {
    index,
    allow: rule.effect === 'allow',
    mayMatchServer: (s) =>
      (!server || server(s)) &&
      // A tool pattern's literal start, up to its first wildcard, either holds `server/` or is a start of it.
      (!toolServers || toolServers.some((prefix) => prefix.startsWith(`${s}/`) || `${s}/`.startsWith(prefix))),
    appliesTo: (identity) => everyone || (identity.token !== null && tokens.has(identity.token)) || (identity.client !== null && clients.has(identity.client)),
    matches: (t) => {
      if (server && !server(t.server)) return false;
      if (tool && !tool(t.canonical)) return false;
      for (const [name, value] of wanted) if (annotationOf(t, name) !== value) return false;
      return true;
    },
    // A rule that names tools or asks about them decides tools only; one without either covers its servers whole.
    coversServer: (s) => !tool && wanted.length === 0 && (!server || server(s)),
  };
}

/** How an identity is written for people: as it is, or a token's id as its name (identityLabel). */
export type IdentityLabel = (identity: string) => string;

const asWritten: IdentityLabel = (identity) => identity;

/** The rule as a line of text, for "hidden by rule 2: deny github/delete_* for token:ci". */
export function describeRule(rule: PolicyRule, label: IdentityLabel = asWritten): string {
  return `${describeWhat(rule)} ${describeWhom(rule.identities ?? [], label)}`;
}

/** What a rule does, without whom it is for: "deny github/delete_*". */
export function describeWhat(rule: PolicyRule): string {
  const what = [
    ...(rule.tools ? [rule.tools.join(', ')] : []),
    ...(rule.servers ? [`servers ${rule.servers.join(', ')}`] : []),
    ...POLICY_ANNOTATIONS.flatMap((name) => (rule.annotations?.[name] === undefined ? [] : [`${name} ${rule.annotations[name]}`])),
  ];
  return `${rule.effect} ${what.length > 0 ? what.join('; ') : 'every tool'}`;
}

/** Whom a rule is for: "for token:ci, client:cursor", or "for everyone" when it names no one. */
export function describeWhom(identities: readonly string[], label: IdentityLabel = asWritten): string {
  return identities.length > 0 ? `for ${identities.map(label).join(', ')}` : 'for everyone';
}
