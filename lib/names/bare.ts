import { canonical } from './canonical';
import type { NameCatalog } from './name-catalog';
import { type NameOutcome, toolOutcome, unresolved } from './resolution';

/**
 * A bare tool name, as proxies that list every server's tools side by side present it (§names).
 * favindex presents no bare names; it reads one as the tool of the one server that lists it.
 */
export function resolveBare(tool: string, catalog: NameCatalog): NameOutcome {
  const servers = catalog.serversByTool.get(tool) ?? [];
  const only = servers.length === 1 ? servers[0] : undefined;
  if (only !== undefined) return toolOutcome(canonical(only, tool), 'bare');
  if (servers.length > 1) {
    return unresolved(`ambiguous tool '${tool}': listed by ${servers.map((s) => canonical(s, tool)).join(', ')}`);
  }
  return unresolved(`unknown tool '${tool}': no catalog server lists it`);
}
