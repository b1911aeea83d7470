import { type Router, type RouterOp, type RoutersConfig, routersConfigSchema, type Singleton } from '@/lib/schemas/routers';
import type { PlacementProposal } from './place';
import type { RouterSuggestion } from './suggest';

/**
 * A suggestion or a placement proposal applied to a routers config (#49): a new config, never a
 * change to the one given, valid by routersConfigSchema or refused with the reasons. The caller
 * saves it as one explicit version, which undo takes back like any other.
 */

export type AppliedRouters = { ok: true; config: RoutersConfig } | { ok: false; problems: string[] };

interface RoutersChange {
  routers: readonly Router[];
  ops: readonly { router: string; op: RouterOp }[];
  singletons: readonly Singleton[];
}

function applyChange(current: RoutersConfig, change: RoutersChange): AppliedRouters {
  const problems: string[] = [];
  const routers = current.routers.map((r) => ({ ...r, ops: [...r.ops] }));
  const byName = new Map(routers.map((r) => [r.name, r]));
  for (const { router, op } of change.ops) {
    const target = byName.get(router);
    if (target) target.ops.push(op);
    else problems.push(`there is no router named ${router} for op ${op.op} (${op.tool}) to join`);
  }
  routers.push(...change.routers.map((r) => ({ ...r, ops: [...r.ops] })));
  const next = { routers, singletons: [...current.singletons, ...change.singletons] };
  const parsed = routersConfigSchema.safeParse(next);
  if (!parsed.success) problems.push(...parsed.error.issues.map((i) => `${i.path.join('.') || '(config)'}: ${i.message}`));
  else if (problems.length === 0) return { ok: true, config: parsed.data };
  return { ok: false, problems };
}

/** The config with the suggested router added after the current ones. */
export function applySuggestion(current: RoutersConfig, suggestion: RouterSuggestion): AppliedRouters {
  return applyChange(current, { routers: [suggestion.router], ops: [], singletons: [] });
}

/** The config with every placement made: new ops at the end of their routers, then the new routers, then the singletons. */
export function applyPlacements(current: RoutersConfig, proposal: PlacementProposal): AppliedRouters {
  const ops: { router: string; op: RouterOp }[] = [];
  const singletons: Singleton[] = [];
  for (const placement of proposal.placements) {
    if (placement.rule === 'existing-router') ops.push({ router: placement.router, op: placement.op });
    else if (placement.rule === 'singleton') singletons.push(placement.singleton);
  }
  return applyChange(current, { routers: proposal.newRouters.map((s) => s.router), ops, singletons });
}
