import { summariseChange } from '@/lib/favourites/change-summary';
import type { PolicyTool } from '@/lib/policy/decide';
import { policyWarnings } from '@/lib/policy/plan';
import type { PolicyToken } from '@/lib/policy/token-refs';
import { isDefaultPolicy } from '@/lib/schemas/policy';
import { isEmptyRouters } from '@/lib/schemas/routers';
import { stableStringify } from '@/lib/stable-json';
import { unifiedDiff } from './line-diff';
import { stringifyProjectDocuments, type ProjectDocument } from './project-document';
import type { DocumentPlan, FieldChange, PlanWarning } from '@/lib/contracts/yaml';
export type { DocumentPlan } from '@/lib/contracts/yaml';
export type { FieldChange } from '@/lib/contracts/yaml';

/** What the policy of a document is judged against (§policy): the catalog's tools and the project's tokens. */
export interface PolicyContext {
  catalog: readonly PolicyTool[];
  tokens: readonly PolicyToken[];
}

/**
 * What applying `next` over `current` does. `catalogTools` is every `server/tool` the project's
 * catalog lists (empty for a project not made yet): a favourite, an op or a singleton outside it
 * is applied, since a catalog may come later, but the plan warns by name, as no client gets it
 * until then. A policy
 * rule that matches no catalog tool, or names a token the project has none of, is warned of alike.
 */
export function planDocument(
  current: ProjectDocument | null,
  sent: ProjectDocument,
  catalogTools: ReadonlySet<string> = new Set(),
  policy: PolicyContext = { catalog: [], tokens: [] },
): DocumentPlan {
  const next = withoutEmptyRouters(withoutDefaultPolicy(sent));
  const name = next.metadata.name;
  const before = current ? stringifyProjectDocuments([current]) : '';
  const after = stringifyProjectDocuments([next]);
  const changes = fieldChanges(current, next);
  const favouritesChanged = changes.some((c) => c.path.startsWith('spec.favouriteIndex.'));
  return {
    name,
    action: !current ? 'create' : changes.length > 0 ? 'update' : 'unchanged',
    changes,
    favourites: favouritesChanged ? summariseChange(current?.spec.favouriteIndex ?? null, next.spec.favouriteIndex) : null,
    diff: unifiedDiff(before, after, { from: current ? `current/${name}.yaml` : '/dev/null', to: `applied/${name}.yaml` }),
    warnings: [
      ...favouritesOutsideCatalog(next, catalogTools),
      ...routersOutsideCatalog(next, catalogTools),
      ...(next.spec.policy ? policyWarnings(next.spec.policy, policy.catalog, policy.tokens, 'spec.policy.') : []),
    ],
  };
}

/** A default policy written out is the same as none, as the export writes it: so it plans no change. */
function withoutDefaultPolicy(document: ProjectDocument): ProjectDocument {
  if (!document.spec.policy || !isDefaultPolicy(document.spec.policy)) return document;
  const { policy: _, ...spec } = document.spec;
  return { ...document, spec };
}

/** No routers written out is the same as none, as the export writes it: so it plans no change. */
function withoutEmptyRouters(document: ProjectDocument): ProjectDocument {
  if (!document.spec.routers || !isEmptyRouters(document.spec.routers)) return document;
  const { routers: _, ...spec } = document.spec;
  return { ...document, spec };
}

function outsideCatalog(tool: string, path: string, kept: string, catalogTools: ReadonlySet<string>): PlanWarning[] {
  if (catalogTools.has(tool)) return [];
  const where = catalogTools.size === 0 ? 'the project has no catalog yet' : 'its catalog does not list it';
  return [
    { path, message: `${tool} is not in the catalog (${where}): it is kept ${kept}, but no client gets it until a catalog lists it. Check the spelling.` },
  ];
}

function favouritesOutsideCatalog(next: ProjectDocument, catalogTools: ReadonlySet<string>): PlanWarning[] {
  return next.spec.favouriteIndex.tools.flatMap((tool, i) => outsideCatalog(tool, `spec.favouriteIndex.tools[${i}]`, 'as a favourite', catalogTools));
}

function routersOutsideCatalog(next: ProjectDocument, catalogTools: ReadonlySet<string>): PlanWarning[] {
  const config = next.spec.routers;
  if (!config) return [];
  return [
    ...config.routers.flatMap((router, r) =>
      router.ops.flatMap((op, o) => outsideCatalog(op.tool, `spec.routers.routers[${r}].ops[${o}].tool`, `as op ${op.op} of ${router.name}`, catalogTools)),
    ),
    ...config.singletons.flatMap((singleton, s) => outsideCatalog(singleton.tool, `spec.routers.singletons[${s}].tool`, 'as a singleton', catalogTools)),
  ];
}

function fieldChanges(current: ProjectDocument | null, next: ProjectDocument): FieldChange[] {
  const before = flatten(current ?? {});
  const after = flatten(next);
  const paths = [...new Set([...before.keys(), ...after.keys()])];
  return paths
    .filter((path) => stableStringify(before.get(path)) !== stableStringify(after.get(path)))
    .map((path) => ({ path, before: before.get(path) ?? null, after: after.get(path) ?? null }));
}

function flatten(value: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}
