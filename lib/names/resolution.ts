import type { FavouritesTimeline } from './favourites-timeline';
import type { NameCatalog } from './name-catalog';

/**
 * What every resolver shares (§names): what it is given and what it answers. It imports no
 * resolver, so each naming scheme's file and the dispatcher over them (resolve.ts) import it
 * and never each other in a circle.
 */

export const NAMESPACES = ['favourite', 'all', 'typed', 'invoke', 'canonical', 'bare', 'meta', 'router'] as const;
export type Namespace = (typeof NAMESPACES)[number];

export interface NameContext {
  catalog: NameCatalog;
  favourites: FavouritesTimeline;
  /** Built-in meta tools plus the project's own. */
  metaTools: ReadonlySet<string>;
  /** The key the project's clients give favindex: their names of its tools start with it (§names). */
  serverKeys?: readonly string[];
}

/** What a proxy told us about one call, as far as naming goes. */
export interface PresentedCall {
  tool: string;
  server?: string | null;
  /** The `server/tool` the proxy routed the call to: the strongest hint, when the catalog lists it. */
  canonical?: string | null;
  arguments?: unknown;
  /** Epoch milliseconds of the call. */
  timestamp: number;
}

export type Resolution =
  | { kind: 'tool'; namespace: Namespace; canonical: string; serverHint: string | null; toolHint: string | null }
  | { kind: 'meta'; namespace: 'meta'; serverHint: string | null; toolHint: null }
  | { kind: 'unresolved'; namespace: Namespace; reason: string; serverHint: string | null; toolHint: string | null };

/**
 * What one reading of a name gives; every resolver answers with it. A tool carries the namespace
 * it counts in: the form that named it, which may differ from the form the name looked like (a
 * bare tool whose own name holds `/`, or the name inside a client's prefix).
 */
export type NameOutcome = { kind: 'tool'; canonical: string; namespace: Namespace } | { kind: 'meta' } | { kind: 'unresolved'; reason: string };

export function toolOutcome(canonical: string, namespace: Namespace): NameOutcome {
  return { kind: 'tool', canonical, namespace };
}

export function unresolved(reason: string): NameOutcome {
  return { kind: 'unresolved', reason };
}
