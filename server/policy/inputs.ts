import type { Db } from '@/db/client';
import { findPolicy, policyTokens, recentClients, type StoredPolicy } from '@/db/queries/policy';
import { projectNotFound } from '@/lib/errors';
import { canonical } from '@/lib/names/canonical';
import type { PolicyTool } from '@/lib/policy/decide';
import type { KnownNames } from '@/lib/policy/plan';
import { getCatalog } from '@/server/catalog/catalog';

/** Events read for the clients a project's sessions named: the newest this many. */
const CLIENT_SCAN_EVENTS = 20_000;
/** Clients listed as known identities at most. */
const MAX_KNOWN_CLIENTS = 100;

export interface PolicyInputs {
  stored: StoredPolicy;
  /** Every tool of the catalog in force, in catalog order. */
  catalog: PolicyTool[];
  names: KnownNames;
}

export async function requirePolicy(db: Db, projectId: string): Promise<StoredPolicy> {
  const stored = await findPolicy(db, projectId);
  if (!stored) throw projectNotFound(projectId);
  return stored;
}

export async function catalogPolicyTools(db: Db, projectId: string): Promise<PolicyTool[]> {
  return (await getCatalog(db, projectId)).flatMap((server) =>
    server.tools.map((tool) => ({ canonical: canonical(server.name, tool.name), server: server.name, annotations: tool.annotations })),
  );
}

export async function knownNames(db: Db, projectId: string): Promise<KnownNames> {
  // One after another: inside a transaction the queries share one connection.
  const tokens = await policyTokens(db, projectId);
  const clients = await recentClients(db, projectId, { scan: CLIENT_SCAN_EVENTS, limit: MAX_KNOWN_CLIENTS });
  return { tokens, clients };
}

/** What a plan, a view or an access answer is judged against: the policy in force, the catalog and the names known. */
export async function loadPolicyInputs(db: Db, projectId: string): Promise<PolicyInputs> {
  const stored = await requirePolicy(db, projectId);
  const catalog = await catalogPolicyTools(db, projectId);
  return { stored, catalog, names: await knownNames(db, projectId) };
}
