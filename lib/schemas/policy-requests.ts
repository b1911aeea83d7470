import { z } from 'zod';
import { toolPolicySchema } from './policy';

/** Where a policy change comes from, kept in its history; the YAML apply writes 'yaml' itself. */
export const POLICY_CLIENT_VIAS = ['ui', 'api', 'cli'] as const;
export type PolicyVia = (typeof POLICY_CLIENT_VIAS)[number] | 'yaml';

/** PUT /api/projects/{id}/policy. */
export const savePolicyRequestSchema = z
  .object({
    policy: toolPolicySchema,
    basis: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe('The version the policy was planned from (GET /policy `version`); a newer one in force is a VERSION_MISMATCH.'),
    dryRun: z.boolean().default(false).describe('Answer the plan (diff, identity changes, warnings) and write nothing.'),
    via: z.enum(POLICY_CLIENT_VIAS).default('api').describe('Where the change comes from, kept in the history.'),
  })
  .strict();

/** GET /api/projects/{id}/policy/access: the identity asked about; neither is what the dashboard and a tokenless proxy get. */
export const policyAccessQuerySchema = z.object({
  token: z.string().min(1).max(100).optional().describe("A token's id, or the name of a live token."),
  client: z.string().min(1).max(200).optional().describe('A client name (clientInfo.name).'),
});

export const policyHistoryQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before: z.coerce.number().int().min(1).optional().describe('Only versions older than this one.'),
});
