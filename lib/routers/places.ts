import type { RoutersConfig } from '@/lib/schemas/routers';

/** Where a tool is: `router.op` (neither part holds a dot), or `singleton`. */
export type Place = string;

export const SINGLETON_PLACE = 'singleton';

export function opPlace(router: string, op: string): Place {
  return `${router}.${op}`;
}

/** Each tool the routers name, by its place, in the order they name them (routers, then singletons). */
export function placesOf(config: RoutersConfig): Map<string, Place> {
  const places = new Map<string, Place>();
  for (const router of config.routers) for (const op of router.ops) places.set(op.tool, opPlace(router.name, op.op));
  for (const singleton of config.singletons) places.set(singleton.tool, SINGLETON_PLACE);
  return places;
}

/** The tools the routers name that `catalog` does not list, in the order they name them. */
export function missingFromCatalog(config: RoutersConfig, catalog: ReadonlySet<string>): string[] {
  return [...placesOf(config).keys()].filter((tool) => !catalog.has(tool));
}

export function opCount(config: RoutersConfig): number {
  return config.routers.reduce((sum, router) => sum + router.ops.length, 0);
}

/**
 * How many fewer tools the routers mode presents with these routers than with none: each
 * router listed stands for its ops' catalog tools, which are then not listed one by one. An op
 * whose tool `missing` names is listed nowhere either way, and a router of none is not listed.
 * With the count the mode gave for one config, this gives another's without the catalog: the
 * Routers page's count of an unsaved draft.
 */
export function foldedTools(config: RoutersConfig, missing: ReadonlySet<string>): number {
  let folded = 0;
  for (const router of config.routers) {
    const listed = router.ops.filter((o) => !missing.has(o.tool)).length;
    if (listed > 0) folded += listed - 1;
  }
  return folded;
}
