import { z } from 'zod';
import { hasControlCharacter } from '@/lib/text';
import { keysOf, recordOf } from '@/lib/records';

/** What a rule does to the tools it matches (§policy). */
export const POLICY_EFFECTS = ['allow', 'deny'] as const;
export type PolicyEffect = (typeof POLICY_EFFECTS)[number];

/**
 * The MCP tool annotations a rule may match, each with the value the MCP specification gives a
 * tool that does not say: a tool that makes no claim is treated as writing, destructive and open
 * to the world, so "allow read-only tools" never lets an unannotated tool through.
 */
export const POLICY_ANNOTATION_DEFAULTS = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
} as const;
export type PolicyAnnotation = keyof typeof POLICY_ANNOTATION_DEFAULTS;
export const POLICY_ANNOTATIONS = keysOf(POLICY_ANNOTATION_DEFAULTS);

/** Rules a policy may hold: each is up to 10 YAML keys, and a project document stays within MAX_YAML_KEYS_PER_DOCUMENT. */
export const MAX_POLICY_RULES = 200;
export const MAX_RULE_PATTERNS = 200;
export const MAX_RULE_IDENTITIES = 100;

const text = (max: number, what: string) =>
  z
    .string()
    .min(1, `${what} cannot be empty`)
    .max(max)
    .refine((value) => !hasControlCharacter(value), `${what} must not contain control characters`);

/** `token:<token id>` (`token:<name>` of a live token is saved as its id) or `client:<name>`. */
export const identitySchema = text(200, 'an identity').refine(
  (value) => /^(token|client):./.test(value),
  "an identity is 'token:<token id or name>' or 'client:<client name>'",
);

export const policyRuleSchema = z
  .object({
    effect: z.enum(POLICY_EFFECTS),
    /** Whom the rule is for: any of these identities; absent or empty, everyone. */
    identities: z.array(identitySchema).max(MAX_RULE_IDENTITIES).optional(),
    /** Canonical `server/tool` names or globs (`*` any run of characters, `?` one). */
    tools: z.array(text(300, 'a tool pattern')).min(1).max(MAX_RULE_PATTERNS).optional(),
    /** Server names or globs. */
    servers: z.array(text(100, 'a server pattern')).min(1).max(MAX_RULE_PATTERNS).optional(),
    /** MCP annotations the tool must have, each read with the specification's default. */
    annotations: z
      .object(recordOf(POLICY_ANNOTATIONS, () => z.boolean().optional()))
      .strict()
      .optional(),
    /** Why the rule is there, in the author's words: shown where the rule hides a tool. */
    note: z.string().max(500).optional(),
  })
  .strict();
export type PolicyRule = z.infer<typeof policyRuleSchema>;

/**
 * A project's tool policy (§policy): ordered rules, the first that matches an identity and a
 * tool decides; `default` decides for a tool no rule matches, including a tool a catalog lists later.
 */
export const toolPolicySchema = z
  .object({
    default: z.enum(POLICY_EFFECTS).default('allow'),
    rules: z.array(policyRuleSchema).max(MAX_POLICY_RULES).default([]),
  })
  .strict();
export type ToolPolicy = z.infer<typeof toolPolicySchema>;

export function defaultToolPolicy(): ToolPolicy {
  return { default: 'allow', rules: [] };
}

export function isDefaultPolicy(policy: ToolPolicy): boolean {
  return policy.default === 'allow' && policy.rules.length === 0;
}
