import type { Db } from '@/db/client';
import { savePolicyVersion } from '@/db/queries/policy';
import type { PolicyWriteResult } from '@/lib/contracts/policy';
import { ApiError } from '@/lib/errors';
import type { RevisionChange } from '@/lib/impact/revisions';
import { resolveTokenRefs } from '@/lib/policy/token-refs';
import { orderedPolicy, type PolicyPlan, planPolicy, samePolicy } from '@/lib/policy/plan';
import type { PolicyVia } from '@/lib/schemas/policy-requests';
import { type ToolPolicy, toolPolicySchema } from '@/lib/schemas/policy';
import { parseBody } from '@/server/http/validate';
import { recordSurfaceRevision } from '@/server/impact/revisions';
import { lockProjectForNameChange } from '@/server/projects/project-locks';
import { loadPolicyInputs } from './inputs';

export interface SavePolicyOptions {
  /** The version the writer planned from; a different one in force is a VERSION_MISMATCH. */
  basis?: number;
  dryRun: boolean;
  via: PolicyVia;
  /**
   * False when the caller records one surface revision for a larger change in the same
   * transaction (a YAML apply that changes settings too), so one change is one revision.
   */
  recordRevision?: boolean;
  /** What the caller changed before in the same transaction without a revision of its own (a YAML apply's favourites). */
  alsoChanged?: RevisionChange[];
}

function stalePolicy(basis: number, version: number, current: ToolPolicy, plan: PolicyPlan): ApiError {
  return new ApiError('VERSION_MISMATCH', `the policy changed since version ${basis}; the version in force is ${version}; nothing was saved`, {
    suggestedAction: 'review the new plan in details (what your policy does over the one in force) and save again with basis set to details.version',
    citedRule: '§policy',
    details: { version, current: orderedPolicy(current), ...plan },
  });
}

/**
 * Save a project's tool policy (§policy), or plan it (`dryRun`): validates it, checks the basis
 * under the project row lock, and writes the next version with its history row and a surface
 * revision ('policy') so Impact judges it. The same policy again writes nothing.
 */
export async function savePolicy(db: Db, projectId: string, input: unknown, options: SavePolicyOptions): Promise<PolicyWriteResult> {
  const written = parseBody(toolPolicySchema, input, '§policy');
  const run = async (tx: Db): Promise<PolicyWriteResult> => {
    const project = options.dryRun ? null : await lockProjectForNameChange(tx, projectId);
    const { stored, catalog, names } = await loadPolicyInputs(tx, projectId);
    // Kept by token id: `token:<name>` of a live token is saved as its id (§policy).
    const next = orderedPolicy(resolveTokenRefs(written, names.tokens));
    const plan = planPolicy(stored.policy, next, catalog, names);
    if (options.basis !== undefined && options.basis !== stored.version) throw stalePolicy(options.basis, stored.version, stored.policy, plan);
    const changed = !samePolicy(stored.policy, next);
    const result = { project: projectId, dryRun: options.dryRun, changed, ...plan };
    if (!project || !changed) {
      return { ...result, applied: false, version: stored.version, policy: options.dryRun ? next : orderedPolicy(stored.policy) };
    }
    const version = stored.version + 1;
    const at = new Date();
    await savePolicyVersion(tx, { projectId, version, changedAt: at, via: options.via, before: stored.version === 0 ? null : stored.policy, after: next });
    if (options.recordRevision !== false) {
      await recordSurfaceRevision(tx, {
        projectId,
        at,
        surface: project.surface,
        changed: [...(options.alsoChanged ?? []), 'policy'],
        via: options.via,
      });
    }
    return { ...result, applied: true, version, policy: next };
  };
  return options.dryRun ? run(db) : db.transaction(run);
}
