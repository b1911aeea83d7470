import { z } from 'zod';
import { POLICY_EFFECTS, policyRuleSchema } from '@/lib/schemas/policy';
import { count, savedVersionSchema, settingHistorySchema } from './shared';

/** A tool policy as the API writes it (§policy): the stored value, every field as saved. */
export const toolPolicyContract = z.object({
  default: z.enum(POLICY_EFFECTS).describe('What happens to a tool no rule matches, a tool a catalog lists later included.'),
  rules: z.array(policyRuleSchema).describe('In order: the first rule that matches an identity and a tool decides.'),
});

/** An identity favindex knows of: a token of the project, a client seen in its sessions or named by a rule. */
export const knownIdentitySchema = z.object({
  identity: z.string().describe("'token:<token id>' (as rules name a token) or 'client:<name>'."),
  kind: z.enum(['token', 'client']),
  name: z.string().describe("The token's name, or the client's."),
  from: z.array(z.enum(['token', 'sessions', 'rules'])).describe('Where favindex knows it from: a live token, the sessions seen, the rules.'),
  allowed: count.describe('Catalog tools it may use.'),
  denied: count.describe('Catalog tools the policy keeps from it.'),
});
export type KnownIdentity = z.infer<typeof knownIdentitySchema>;

/** GET /api/projects/{id}/policy. */
export const policyViewSchema = z.object({
  project: z.string(),
  version: count.describe('Bumped by every change; send it back as `basis` to save over exactly this policy.'),
  policy: toolPolicyContract,
  catalogTools: count,
  identities: z.array(knownIdentitySchema),
  deniedToEveryone: z
    .array(z.string())
    .describe("Catalog tools no known identity may call ('*' included), in catalog order: a pin of one is asked about first (§policy)."),
});
export type PolicyView = z.infer<typeof policyViewSchema>;

/** What a change does to one identity: the catalog tools it gains and loses. */
export const identityChangeSchema = z.object({
  identity: z.string().describe("'token:<token id>', 'client:<name>', or '*' for an identity no rule names."),
  gained: z.array(z.string()),
  lost: z.array(z.string()),
});
export type IdentityChange = z.infer<typeof identityChangeSchema>;

/** PUT /api/projects/{id}/policy: the plan (dryRun) or the change made. */
export const policyWriteResultSchema = z.object({
  project: z.string(),
  dryRun: z.boolean(),
  applied: z.boolean(),
  changed: z.boolean().describe('False when the policy sent equals the one in force: nothing is written.'),
  version: count.describe('The version in force after this request.'),
  policy: toolPolicyContract,
  diff: z.string().describe('The policy as YAML, before → after, as a unified diff (empty when unchanged).'),
  identities: z.array(identityChangeSchema).describe('Only identities whose tools change.'),
  warnings: z.array(z.object({ path: z.string(), message: z.string() })).describe('Rules that match no catalog tool, tokens the project has none of.'),
});
export type PolicyWriteResult = z.infer<typeof policyWriteResultSchema>;

/** One catalog tool as an identity gets it. */
export const accessToolSchema = z.object({
  canonical: z.string(),
  server: z.string(),
  allowed: z.boolean(),
  rule: count.nullable().describe('The index of the rule that decided; null when the default did.'),
  reason: z.string().describe('The rule in words ("deny github/delete_* for token:ci"), or "the default: allow".'),
  note: z.string().nullable().describe("The rule's own note, if it has one."),
});
export type AccessTool = z.infer<typeof accessToolSchema>;

/** GET /api/projects/{id}/policy/access?token=&client=: what an identity may use. */
export const policyAccessSchema = z.object({
  project: z.string(),
  identity: z.object({ token: z.string().nullable(), client: z.string().nullable() }),
  allowed: count,
  denied: count,
  tools: z.array(accessToolSchema).describe('Every catalog tool, in catalog order.'),
});
export type PolicyAccess = z.infer<typeof policyAccessSchema>;

/** One saved version of the policy. */
export const policyHistoryEntrySchema = savedVersionSchema(toolPolicyContract, 'ui, api, cli or yaml').extend({
  description: z.string().describe('The change in one line, e.g. "added rule 2 · default deny".'),
});

/** GET /api/projects/{id}/policy/history: changes, newest first. */
export const policyHistorySchema = settingHistorySchema(policyHistoryEntrySchema);
export type PolicyHistory = z.infer<typeof policyHistorySchema>;
