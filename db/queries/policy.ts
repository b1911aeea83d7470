import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { policyChanges, projects, projectTokens } from '@/db/schema';
import { queryRows } from '@/db/sql';
import { listSavedVersions, type SavedVersionRow } from './saved-versions';
import type { PolicyToken } from '@/lib/policy/token-refs';
import type { ToolPolicy } from '@/lib/schemas/policy';

export interface StoredPolicy {
  policy: ToolPolicy;
  version: number;
}

/** A project's tool policy in force and its version; null when the project does not exist. */
export async function findPolicy(db: Db, projectId: string): Promise<StoredPolicy | null> {
  const [row] = await db.select({ policy: projects.policy, version: projects.policyVersion }).from(projects).where(eq(projects.id, projectId));
  return row ?? null;
}

/**
 * Store `after` as the project's policy `version` with its history row, in the caller's
 * transaction (which holds the project row locked and checked the version before).
 */
export async function savePolicyVersion(
  db: Db,
  change: { projectId: string; version: number; changedAt: Date; via: string; before: ToolPolicy | null; after: ToolPolicy },
): Promise<void> {
  await db.update(projects).set({ policy: change.after, policyVersion: change.version }).where(eq(projects.id, change.projectId));
  await db.insert(policyChanges).values(change);
}

export type PolicyChangeRow = SavedVersionRow<ToolPolicy>;

/** The history of a project's policy, newest first; `before` pages on to older versions. */
export function listPolicyChanges(db: Db, projectId: string, options: { limit: number; before?: number }): Promise<PolicyChangeRow[]> {
  return listSavedVersions(db, policyChanges, projectId, options);
}

/** The project's tokens as the policy knows them (§policy): id, name and whether it is live, revoked ones too, by name. */
export async function policyTokens(db: Db, projectId: string): Promise<PolicyToken[]> {
  const rows = await db
    .select({ id: projectTokens.id, name: projectTokens.name, revokedAt: projectTokens.revokedAt })
    .from(projectTokens)
    .where(eq(projectTokens.projectId, projectId))
    .orderBy(projectTokens.name, projectTokens.createdAt);
  return rows.map((r) => ({ id: r.id, name: r.name, live: r.revokedAt === null }));
}

/**
 * The clients the project's recent sessions named: read from its newest `scan` events only
 * (through the project/time index), so a project of millions of events costs a bounded read.
 */
export async function recentClients(db: Db, projectId: string, options: { scan: number; limit: number }): Promise<string[]> {
  const rows = await queryRows<{ client: string }>(
    db,
    sql`select client from (select client from events where project_id = ${projectId} order by ts desc limit ${options.scan}) recent
        where client is not null and client <> '' group by client order by client limit ${options.limit}`,
  );
  return rows.map((r) => r.client);
}
