import { itemAt } from '@/lib/arrays';

/** What to do about an unresolved name, from the reason it did not resolve. */
export type UnresolvedAction = { kind: 'upload'; server: string | null } | { kind: 'favourites' } | { kind: 'docs'; anchor: 'names' };

/**
 * An unknown server wants its catalog; a favourite that was not pinned wants the favourites; a
 * client's name several tools could have become has no fix in favindex but the rules explain it;
 * any other tool no catalog lists wants a catalog too.
 */
export function unresolvedAction(reason: string | null): UnresolvedAction {
  if (reason === null) return { kind: 'upload', server: null };
  const server = /unknown server '([^']+)'/.exec(reason);
  if (server) return { kind: 'upload', server: itemAt(server, 1) };
  if (/favourites (?:history|version)/.test(reason)) return { kind: 'favourites' };
  if (/several tools|cannot be undone/.test(reason)) return { kind: 'docs', anchor: 'names' };
  return { kind: 'upload', server: null };
}
