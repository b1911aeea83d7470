import { splitCanonical, toolPart } from './canonical';
import { typedName } from './sanitise';

/**
 * How a favourite is presented (§names): `favourite/<tool>`, or `favourite/<server>/<tool>`
 * when another favourite has the same tool name.
 */
export function favouriteName(canonicalName: string, favourites: readonly string[]): string {
  const tool = toolPart(canonicalName);
  const clash = favourites.some((f) => f !== canonicalName && toolPart(f) === tool);
  return `favourite/${clash ? canonicalName : tool}`;
}

export function allName(canonicalName: string): string {
  return `all/${canonicalName}`;
}

export function typedNameOf(canonicalName: string): string {
  const parts = splitCanonical(canonicalName);
  if (!parts) throw new Error(`not a canonical name: ${canonicalName}`);
  return typedName(parts.server, parts.tool);
}
