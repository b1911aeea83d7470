import { ApiError } from '@/lib/errors';
import { MAX_FAVOURITES_LIMIT } from '@/lib/limits';
import { isCanonicalName } from '@/lib/names/canonical';
import type { FavouriteIndex } from '@/lib/schemas/favourites';

/** The favourites in force, with the version every write bumps. */
export interface FavouriteState extends FavouriteIndex {
  version: number;
  updatedAt: string;
}

/** Where a favourites change came from, as the history records it. */
export type FavouritesVia = 'ui' | 'api' | 'yaml' | 'cli' | 'demo';

export function indexOf(state: FavouriteState): FavouriteIndex {
  return { enabled: state.enabled, maxFavourites: state.maxFavourites, tools: state.tools };
}

export function sameIndex(a: FavouriteIndex, b: FavouriteIndex): boolean {
  return a.enabled === b.enabled && a.maxFavourites === b.maxFavourites && a.tools.join('\n') === b.tools.join('\n');
}

export function versionMismatch(expected: number, current: FavouriteState): ApiError {
  return new ApiError('VERSION_MISMATCH', `the favourites changed since version ${expected}; the current version is ${current.version}`, {
    suggestedAction: 'reload the favourites, apply your change to the current version, and send it with its version',
    citedRule: '§favourites',
    details: { currentVersion: current.version, current: indexOf(current) },
    headers: { etag: `"${current.version}"` },
  });
}

/** Names and uniqueness: 422 (§favourites). */
export function checkFavouriteIndex(next: FavouriteIndex): void {
  if (!Number.isInteger(next.maxFavourites) || next.maxFavourites < 1 || next.maxFavourites > MAX_FAVOURITES_LIMIT) {
    throw new ApiError('VALIDATION_FAILED', `maxFavourites must be an integer from 1 to ${MAX_FAVOURITES_LIMIT}`, {
      suggestedAction: `set maxFavourites between 1 and ${MAX_FAVOURITES_LIMIT}`,
      citedRule: '§favourites',
    });
  }
  const invalid = next.tools.filter((t) => !isCanonicalName(t));
  if (invalid.length > 0) {
    throw new ApiError('INVALID_TOOL_NAME', `not canonical server/tool names: ${invalid.join(', ')}`, {
      suggestedAction: 'name each favourite as server/tool, e.g. github/create_issue',
      citedRule: '§names',
      details: { invalid },
    });
  }
  const seen = new Set<string>();
  const duplicates = next.tools.filter((t) => {
    if (seen.has(t)) return true;
    seen.add(t);
    return false;
  });
  if (duplicates.length > 0) {
    throw new ApiError('VALIDATION_FAILED', `favourites must not repeat a tool: ${[...new Set(duplicates)].join(', ')}`, {
      suggestedAction: 'list each tool once',
      citedRule: '§favourites',
      details: { duplicates },
    });
  }
}

/** A write never leaves more than maxFavourites tools (409), and says which to unpin. */
export function checkAgainstMaximum(current: FavouriteIndex, next: FavouriteIndex): void {
  if (next.tools.length <= next.maxFavourites) return;
  const excess = next.tools.slice(next.maxFavourites);
  const lowering = next.maxFavourites < current.maxFavourites && next.tools.length <= current.maxFavourites;
  if (lowering) {
    throw new ApiError('MAX_FAVOURITES_BELOW_PINNED', `maxFavourites ${next.maxFavourites} is below the ${next.tools.length} pinned tools`, {
      suggestedAction: `unpin ${excess.length} first (e.g. ${excess.join(', ')}), or keep maxFavourites at ${next.tools.length} or more`,
      citedRule: '§favourites',
      details: { pinned: next.tools.length, maxFavourites: next.maxFavourites, unpin: excess },
    });
  }
  throw new ApiError('MAX_FAVOURITES_EXCEEDED', `${next.tools.length} favourites exceed maxFavourites ${next.maxFavourites}`, {
    suggestedAction: `unpin ${excess.length} of them (e.g. ${excess.join(', ')}), or raise maxFavourites`,
    citedRule: '§favourites',
    details: { pinned: next.tools.length, maxFavourites: next.maxFavourites, over: excess },
  });
}
