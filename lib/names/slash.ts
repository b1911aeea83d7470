import { resolveCanonical, toolPart } from './canonical';
import type { FavouritesTimeline } from './favourites-timeline';
import type { NameCatalog } from './name-catalog';
import { type NameOutcome, toolOutcome, unresolved } from './resolution';

/**
 * The `slash` naming scheme of favindex mode (§names): `favourite/<tool>`, or
 * `favourite/<server>/<tool>` when another favourite has the same tool name; `all/<server>/<tool>`
 * for every catalog tool. What proxies presented first, and what projects made before
 * `surface.naming` existed keep.
 */
export const SLASH_FAVOURITE_PREFIX = 'favourite/';
export const SLASH_ALL_PREFIX = 'all/';

export function favouriteName(canonicalName: string, favourites: readonly string[]): string {
  const tool = toolPart(canonicalName);
  const clash = favourites.some((f) => f !== canonicalName && toolPart(f) === tool);
  return `${SLASH_FAVOURITE_PREFIX}${clash ? canonicalName : tool}`;
}

/** Both forms a favourite may have had, whichever other favourites there were. */
export function slashFavouriteForms(canonicalName: string): string[] {
  return [`${SLASH_FAVOURITE_PREFIX}${toolPart(canonicalName)}`, `${SLASH_FAVOURITE_PREFIX}${canonicalName}`];
}

export function allName(canonicalName: string): string {
  return `${SLASH_ALL_PREFIX}${canonicalName}`;
}

/** The name without its `favourite/` or `all/`, when it has one. */
export function withoutSlashPrefix(raw: string): string {
  if (raw.startsWith(SLASH_FAVOURITE_PREFIX)) return raw.slice(SLASH_FAVOURITE_PREFIX.length);
  if (raw.startsWith(SLASH_ALL_PREFIX)) return raw.slice(SLASH_ALL_PREFIX.length);
  return raw;
}

/** A `favourite/…` name to the favourite of that name in the favourites version in force at the call. */
export function resolveSlashFavourite(raw: string, timestamp: number, favourites: FavouritesTimeline): NameOutcome {
  const rest = raw.slice(SLASH_FAVOURITE_PREFIX.length);
  const inForce = favourites.at(timestamp);
  if (!inForce) return unresolved(`'${raw}': the project has no favourites history`);
  if (inForce.tools.includes(rest)) return toolOutcome(rest, 'favourite');
  const matches = inForce.tools.filter((f) => toolPart(f) === rest);
  const only = matches.length === 1 ? matches[0] : undefined;
  if (only !== undefined) return toolOutcome(only, 'favourite');
  if (matches.length > 1) {
    return unresolved(`ambiguous '${raw}': favourites version ${inForce.version} has ${matches.join(', ')}`);
  }
  return unresolved(`'${raw}' was not a favourite in favourites version ${inForce.version}, in force at that time`);
}

export function resolveSlashAll(raw: string, catalog: NameCatalog): NameOutcome {
  const rest = raw.slice(SLASH_ALL_PREFIX.length);
  if (!rest.includes('/')) return unresolved(`'${raw}' is not of the form all/<server>/<tool>`);
  return resolveCanonical(rest, catalog, 'all');
}
