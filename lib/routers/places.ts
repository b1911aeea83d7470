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
