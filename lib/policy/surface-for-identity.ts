import type { ToolPolicy } from '@/lib/schemas/policy';
import type { PreparedCatalog } from '@/lib/surface/prepared-catalog';
import type { FavouritesInput } from '@/lib/surface/types';
import { compilePolicy, describeRule, type IdentityLabel, type PolicyIdentity } from './decide';
import { restrictCatalog } from './restrict';
import { entryTool, namedTool } from './tool';

/** A tool the policy keeps from an identity, and the rule that does (null: the default). */
export interface HiddenTool {
  canonical: string;
  rule: number | null;
  reason: string;
  note: string | null;
}

export interface IdentitySurface {
  catalog: PreparedCatalog;
  favourites: FavouritesInput;
  hidden: HiddenTool[];
}

/**
 * What one identity's lists are made from (§policy): the catalog it may use, its favourites
 * less the ones it may not (a denied favourite takes no slot), and what was kept back and why.
 * The preview and the proxy both build on this, so a session lists what its preview shows.
 * `label` writes the rules' identities for people (a token's id as its name).
 */
export function surfaceForIdentity(
  catalog: PreparedCatalog,
  favourites: FavouritesInput,
  policy: ToolPolicy,
  identity: PolicyIdentity,
  label?: IdentityLabel,
): IdentitySurface {
  const compiled = compilePolicy(policy);
  if (compiled.allowsEverything) return { catalog, favourites, hidden: [] };
  const hidden: HiddenTool[] = [];
  const restricted = restrictCatalog(catalog, (entry) => {
    const decision = compiled.decide(identity, entryTool(entry));
    if (!decision.allowed) hidden.push(hiddenTool(policy, entry.canonical, decision.rule, label));
    return decision.allowed;
  });
  const tools = favourites.tools.filter((favourite) => compiled.decide(identity, namedTool(catalog, favourite)).allowed);
  return { catalog: restricted, favourites: tools.length === favourites.tools.length ? favourites : { ...favourites, tools }, hidden };
}

function hiddenTool(policy: ToolPolicy, canonical: string, rule: number | null, label?: IdentityLabel): HiddenTool {
  const found = rule === null ? null : policy.rules[rule];
  return {
    canonical,
    rule,
    reason: found && rule !== null ? `rule ${rule + 1}: ${describeRule(found, label)}` : `the default: ${policy.default}`,
    note: found?.note ?? null,
  };
}
