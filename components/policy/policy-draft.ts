import { POLICY_ANNOTATIONS, type PolicyAnnotation, type PolicyEffect, type PolicyRule, type ToolPolicy } from '@/lib/schemas/policy';
import { recordOf } from '@/lib/records';

/** Per annotation, what a rule asks of a tool: nothing, that it says yes, or that it says no. */
export type Wanted = 'any' | 'yes' | 'no';
export const WANTED: readonly Wanted[] = ['any', 'yes', 'no'];

/**
 * One rule as the editor holds it: the tool and server patterns as the text typed (so a comma
 * half-typed is not lost), and a key that follows the rule when it moves.
 */
export interface DraftRule {
  key: number;
  effect: PolicyEffect;
  identities: string[];
  tools: string;
  servers: string;
  annotations: Record<PolicyAnnotation, Wanted>;
  note: string;
}

export interface PolicyDraft {
  default: PolicyEffect;
  rules: DraftRule[];
}

/** Each annotation in words: what a tool that says "yes" does. */
export const ANNOTATION_WORDS: Record<PolicyAnnotation, { label: string; yes: string; no: string }> = {
  readOnlyHint: { label: 'Only reads', yes: 'only read', no: 'change something' },
  destructiveHint: { label: 'May delete or overwrite', yes: 'may delete or overwrite', no: 'never delete or overwrite' },
  idempotentHint: { label: 'Safe to repeat', yes: 'are safe to repeat', no: 'are not safe to repeat' },
  openWorldHint: { label: 'Reaches outside systems', yes: 'reach outside systems', no: 'stay inside' },
};

let nextKey = 1;

export function newRule(): DraftRule {
  return {
    key: nextKey++,
    effect: 'deny',
    identities: [],
    tools: '',
    servers: '',
    annotations: recordOf(POLICY_ANNOTATIONS, () => 'any'),
    note: '',
  };
}

export function draftOf(policy: ToolPolicy): PolicyDraft {
  return {
    default: policy.default,
    rules: policy.rules.map((rule) => ({
      ...newRule(),
      effect: rule.effect,
      identities: [...(rule.identities ?? [])],
      tools: (rule.tools ?? []).join(', '),
      servers: (rule.servers ?? []).join(', '),
      annotations: recordOf(POLICY_ANNOTATIONS, (a): Wanted => (rule.annotations?.[a] === undefined ? 'any' : rule.annotations[a] ? 'yes' : 'no')),
      note: rule.note ?? '',
    })),
  };
}

/** Globs typed with commas, spaces or lines between them. */
export function patterns(text: string): string[] {
  return text.split(/[\s,]+/).filter(Boolean);
}

/** The rule as the API stores it: what is left empty is left out (any tool, any server, everyone). */
export function ruleOf(draft: DraftRule): PolicyRule {
  const tools = patterns(draft.tools);
  const servers = patterns(draft.servers);
  const wanted = POLICY_ANNOTATIONS.filter((a) => draft.annotations[a] !== 'any');
  const note = draft.note.trim();
  return {
    effect: draft.effect,
    ...(draft.identities.length > 0 ? { identities: draft.identities } : {}),
    ...(tools.length > 0 ? { tools } : {}),
    ...(servers.length > 0 ? { servers } : {}),
    ...(wanted.length > 0 ? { annotations: Object.fromEntries(wanted.map((a) => [a, draft.annotations[a] === 'yes'])) } : {}),
    ...(note ? { note } : {}),
  };
}

export function policyOf(draft: PolicyDraft): ToolPolicy {
  return { default: draft.default, rules: draft.rules.map(ruleOf) };
}

/** The rules with one moved by `by` places (−1 up, +1 down); a move past either end changes nothing. */
export function moved<T>(rules: readonly T[], index: number, by: number): T[] {
  const to = index + by;
  if (to < 0 || to >= rules.length) return [...rules];
  const next = [...rules];
  const [rule] = next.splice(index, 1);
  // Sound: splice took it out of this same T[] on the line above.
  next.splice(to, 0, rule as T);
  return next;
}

const NO_NAMES: ReadonlyMap<string, string> = new Map();

/** 'token:tok_…' → 'the token ci' (its name in `tokens`, by id); 'client:codex' → 'the client codex'. */
export function identityWords(identity: string, tokens: ReadonlyMap<string, string> = NO_NAMES): string {
  if (identity === '*') return 'everyone no rule names';
  const colon = identity.indexOf(':');
  const kind = identity.slice(0, colon);
  const ref = identity.slice(colon + 1);
  return `the ${kind} ${kind === 'token' ? (tokens.get(ref) ?? ref) : ref}`;
}

function list(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** The rule in a sentence: "Deny github/delete_* for the token ci". */
export function ruleSentence(rule: PolicyRule, tokens: ReadonlyMap<string, string> = NO_NAMES): string {
  const servers = rule.servers ? ` on ${rule.servers.length > 1 ? 'servers' : 'server'} ${rule.servers.join(', ')}` : '';
  const traits = POLICY_ANNOTATIONS.flatMap((a) => (rule.annotations?.[a] === undefined ? [] : [ANNOTATION_WORDS[a][rule.annotations[a] ? 'yes' : 'no']]));
  const that = traits.length > 0 ? ` that ${list(traits)}` : '';
  const tools = rule.tools ? rule.tools.join(', ') : traits.length > 0 ? 'the tools' : 'every tool';
  const whom = rule.identities && rule.identities.length > 0 ? list(rule.identities.map((identity) => identityWords(identity, tokens))) : 'everyone';
  return `${rule.effect === 'allow' ? 'Allow' : 'Deny'} ${tools}${servers}${that} for ${whom}`;
}
