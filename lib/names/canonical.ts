import { listsTool, type NameCatalog, notListedReason } from './name-catalog';
import { type NameOutcome, type Namespace, toolOutcome, unresolved } from './resolution';

/**
 * The canonical scheme (§names): `server/tool`, the name every other scheme leads back to. The
 * tool part is the name as the server lists it and may itself hold `/`.
 */

export const SERVER_NAME_RE = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

export function isServerName(name: string): boolean {
  return SERVER_NAME_RE.test(name);
}

/** Split `server/tool` at the first `/`: the tool part may itself hold `/` (§names). */
export function splitCanonical(name: string): { server: string; tool: string } | null {
  const slash = name.indexOf('/');
  if (slash <= 0 || slash === name.length - 1) return null;
  const server = name.slice(0, slash);
  if (!isServerName(server)) return null;
  return { server, tool: name.slice(slash + 1) };
}

export function isCanonicalName(name: string): boolean {
  return splitCanonical(name) !== null;
}

export function toolPart(canonical: string): string {
  const slash = canonical.indexOf('/');
  return slash < 0 ? canonical : canonical.slice(slash + 1);
}

export function canonical(server: string, tool: string): string {
  return `${server}/${tool}`;
}

/**
 * A `server/tool` name to that tool, when the catalog lists it. `namespace` is the one the call
 * counts in: `all` when the name came as `all/<server>/<tool>`.
 */
export function resolveCanonical(name: string, catalog: NameCatalog, namespace: Namespace = 'canonical'): NameOutcome {
  const parts = splitCanonical(name);
  if (!parts) return unresolved(`'${name}' is not a valid server/tool name`);
  if (!listsTool(catalog, parts.server, parts.tool)) return unresolved(notListedReason(catalog, parts.server, parts.tool));
  return toolOutcome(name, namespace);
}
