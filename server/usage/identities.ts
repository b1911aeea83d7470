import type { Db } from '@/db/client';
import { identityUsageRows } from '@/db/queries/usage/identities';
import type { IdentityUsage } from '@/lib/contracts/identity-usage';
import { MAX_USAGE_IDENTITIES } from '@/lib/limits';
import type { UsageWindow } from '@/lib/usage/window';
import { requireProject } from '@/server/projects/project-locks';

/** Who calls (§policy): the window's calls by token and client, with the policy's refusals apart from other failures. */
export async function identityUsage(db: Db, projectId: string, window: UsageWindow): Promise<IdentityUsage> {
  await requireProject(db, projectId);
  const rows = await identityUsageRows(db, projectId, window, MAX_USAGE_IDENTITIES + 1);
  return {
    project: projectId,
    window: { from: window.from, to: window.to, days: window.days },
    identities: rows.slice(0, MAX_USAGE_IDENTITIES).map((r) => ({ ...r, lastCallAt: r.lastCallAt.toISOString() })),
    truncated: rows.length > MAX_USAGE_IDENTITIES,
  };
}
