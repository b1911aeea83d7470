import { z } from 'zod';
import { count, isoDateTime } from './shared';
import { usageWindowSchema } from './usage';

/** One identity's calls over the window (§policy). */
export const identityUsageRowSchema = z.object({
  token: z.string().nullable().describe('The name of the token that sent the calls; null for calls sent without one.'),
  client: z.string().nullable().describe('The client its sessions named; null when they named none.'),
  calls: count,
  errors: count.describe('Calls that failed, refusals by the policy apart.'),
  denied: count.describe('Calls the tool policy refused (status denied).'),
  tools: count.describe('Catalog tools called.'),
  lastCallAt: isoDateTime,
});
export type IdentityUsageRow = z.infer<typeof identityUsageRowSchema>;

/** GET /api/projects/{id}/usage/identities: who calls, most calls first. */
export const identityUsageSchema = z.object({
  project: z.string(),
  window: usageWindowSchema,
  identities: z.array(identityUsageRowSchema),
  truncated: z.boolean().describe('More identities called than are listed.'),
});
export type IdentityUsage = z.infer<typeof identityUsageSchema>;
