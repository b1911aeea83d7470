import type { SurfacePlan, SurfacePlanField, SurfacePlanList } from '@/lib/contracts/surface-plan';
import type { PolicyIdentity } from '@/lib/policy/decide';
import { surfaceForIdentity } from '@/lib/policy/surface-for-identity';
import type { ToolPolicy } from '@/lib/schemas/policy';
import type { RoutersConfig } from '@/lib/schemas/routers';
import type { SurfaceConfig } from '@/lib/schemas/surface-config';
import { stableStringify } from '@/lib/stable-json';
import { presentedBudget } from './budget';
import type { PreparedCatalog } from './prepared-catalog';
import { presentedList, presentedSurfaceOf } from './presented';
import type { FavouritesInput } from './types';

/** Names listed per gained or lost side: enough to recognise the change, the total says the rest. */
export const PLAN_NAMES_SHOWN = 25;

/**
 * Who receives one list: a connected proxy (by its host and clients, as the Proxies page shows
 * it), or the project as uploaded; and whose sessions they are to the tool policy.
 */
export interface PlanAudience {
  proxy: { id: string; host: string; clients: string[] } | null;
  catalog: PreparedCatalog;
  /** Whose sessions they are to the policy: a token by its id. */
  identity: PolicyIdentity;
  /** The same identity as people read it: a token by its name. */
  shownAs: PolicyIdentity;
}

type Json = SurfacePlanField['before'];

function leaves(value: unknown, path: string, out: Map<string, Json>) {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, v] of Object.entries(value)) leaves(v, path ? `${path}.${key}` : key, out);
    // Sound: value came out of a SurfaceConfig, which is JSON.
  } else if (value !== undefined) out.set(path, value as Json);
}

/** Every field of the config that differs, by its dotted path (`limits.maxToolsPerRequest`); lists compare whole. */
export function surfaceFieldChanges(before: SurfaceConfig, after: SurfaceConfig): SurfacePlanField[] {
  const a = new Map<string, Json>();
  const b = new Map<string, Json>();
  leaves(before, '', a);
  leaves(after, '', b);
  const paths = [...new Set([...a.keys(), ...b.keys()])];
  return paths
    .filter((path) => stableStringify(a.get(path) ?? null) !== stableStringify(b.get(path) ?? null))
    .map((path) => ({ path, before: a.get(path) ?? null, after: b.get(path) ?? null }));
}

/** What a session starts with: the list a proxy presents, each entry by its canonical name (a meta tool or a router by its own). */
function listOf(surface: SurfaceConfig, routers: RoutersConfig, mine: { favourites: FavouritesInput; catalog: PreparedCatalog }) {
  // An op whose tool the policy keeps back is in no router of the identity's list: its catalog lacks the tool.
  const list = presentedList(presentedSurfaceOf(surface, mine.favourites, { routers }), mine.catalog);
  return { list, count: list.tools.length, names: new Set(list.tools.map((t) => t.canonical ?? t.name)) };
}

function capped(names: string[]) {
  const sorted = names.sort();
  return { total: sorted.length, names: sorted.slice(0, PLAN_NAMES_SHOWN) };
}

function planList(before: SurfaceConfig, after: SurfaceConfig, stored: PlanStored, audience: PlanAudience): SurfacePlanList {
  // The audience's own catalog and favourites under the policy: what its sessions and its preview list (§policy).
  const mine = surfaceForIdentity(audience.catalog, stored.favourites, stored.policy, audience.identity);
  const was = listOf(before, stored.routers, mine);
  const will = listOf(after, stored.routers, mine);
  return {
    proxy: audience.proxy,
    identity: audience.shownAs,
    deniedByPolicy: mine.hidden.length,
    before: was.count,
    after: will.count,
    gained: capped([...will.names].filter((n) => !was.names.has(n))),
    lost: capped([...was.names].filter((n) => !will.names.has(n))),
    // The change's own budget and agent tools judge the list after it (§routers).
    budget: presentedBudget(after, will.list, stored.routers),
  };
}

/** What the project holds besides its surface config: what the lists are made from on either side of the change. */
export interface PlanStored {
  favourites: FavouritesInput;
  /** The routers in force (§routers): the routers mode's list is made of them. */
  routers: RoutersConfig;
  policy: ToolPolicy;
}

/**
 * What saving `after` over `before` would change: the fields, and per audience the list a new
 * session receives, before and after, built as a proxy builds it (surfaceForIdentity under the
 * policy, then presentedList with the stored routers), so the count is the one the client gets.
 */
export function planSurfaceChange(before: SurfaceConfig, after: SurfaceConfig, stored: PlanStored, audiences: readonly PlanAudience[]): SurfacePlan {
  return {
    current: before,
    proposed: after,
    changes: surfaceFieldChanges(before, after),
    lists: audiences.map((audience) => planList(before, after, stored, audience)),
  };
}

/**
 * The change from `basis` to `proposed`, made again over `current`: what someone changed
 * meanwhile in other fields is kept, and the fields this change sets are set as it meant.
 */
export function rebaseSurfaceChange(basis: SurfaceConfig, proposed: SurfaceConfig, current: SurfaceConfig): SurfaceConfig {
  // Sound: edited below only at paths surfaceFieldChanges found in two SurfaceConfigs, each set to the proposed value.
  const next = structuredClone(current) as unknown as Record<string, unknown>;
  for (const { path, after } of surfaceFieldChanges(basis, proposed)) {
    const keys = path.split('.');
    // Sound: split always returns at least one part.
    const last = keys.pop() as string;
    let node = next;
    for (const key of keys) {
      node[key] ??= {};
      // Sound: set to an object on the line above when missing; the paths are SurfaceConfig's own, objects all the way down.
      node = node[key] as Record<string, unknown>;
    }
    // A field the change removes (customCap) is absent, not null.
    if (after === null) delete node[last];
    else node[last] = structuredClone(after);
  }
  // Sound: see above; every edit put a SurfaceConfig field's value at that field's own path.
  return next as unknown as SurfaceConfig;
}
