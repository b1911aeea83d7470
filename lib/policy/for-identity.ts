import type { ToolPolicy } from '@/lib/schemas/policy';
import type { PreparedCatalog } from '@/lib/surface/prepared-catalog';
import { compilePolicy, type PolicyIdentity } from './decide';
import { restrictCatalog } from './restrict';
import { entryTool } from './tool';

/** The catalog one identity may use under a policy: what its lists, searches and calls are built on. */
export function catalogForIdentity(catalog: PreparedCatalog, policy: ToolPolicy, identity: PolicyIdentity): PreparedCatalog {
  const compiled = compilePolicy(policy);
  if (compiled.allowsEverything) return catalog;
  return restrictCatalog(catalog, (entry) => compiled.decide(identity, entryTool(entry)).allowed);
}
