import { splitCanonical } from '@/lib/names/canonical';
import { INVOKE_TOOL } from '@/lib/names/invoke';
import { FIND_TOOLS } from '@/lib/names/meta';
import { hasSearchTool } from '@/lib/surface/mode-traits';
import type { ListedOp } from '@/lib/surface/types';
import type { Presenter } from './presenter';
import type { ProxyState } from './runtime';
import type { ProxySession } from './session';

/** What a called name is: a server's tool (by its canonical name), one of the meta tools, or a router and its ops (§routers). */
export type Target = { kind: 'tool'; canonical: string } | { kind: 'find' } | { kind: 'invoke' } | { kind: 'router'; name: string; ops: readonly ListedOp[] };

/** The tool a presented name calls, or null for a name that is no tool's. */
export async function findTarget(state: ProxyState, session: ProxySession, name: string): Promise<Target | null> {
  // Found at once almost always: only an unknown name waits for the surface to be read again.
  return lookUpTarget(state, session, name) ?? (await resolveTarget(state, session, name));
}

/** The session's list first, then the surface's name map. */
function lookUpTarget(state: ProxyState, session: ProxySession, name: string): Target | null {
  const { presenter } = state;
  const listed = presenter.listing(session).byName.get(name);
  if (listed?.canonical) return { kind: 'tool', canonical: listed.canonical };
  if (listed?.name === FIND_TOOLS) return { kind: 'find' };
  if (listed?.name === INVOKE_TOOL) return { kind: 'invoke' };
  if (listed?.ops) return { kind: 'router', name: listed.name, ops: listed.ops };
  const mapped = presenter.view.names[name];
  return mapped && splitCanonical(mapped) ? { kind: 'tool', canonical: mapped } : null;
}

/**
 * A name not found: while the proxy starts it waits for the start (bounded, as a list does: a
 * client may call a name it kept from an earlier session before it lists); then the surface is
 * read again once, and the name looked up again.
 */
async function resolveTarget(state: ProxyState, session: ProxySession, name: string): Promise<Target | null> {
  const { presenter } = state;
  if (state.startingReasons().length > 0) {
    await state.whenStarted();
    const target = lookUpTarget(state, session, name);
    if (target) return target;
  }
  if (await state.surface?.refresh()) {
    const target = lookUpTarget(state, session, name);
    if (target) return target;
  }
  // A tool the policy keeps from this session is in no list of it, yet its name is still that tool's: refused as denied, not unknown.
  const hidden = presenter.policy.hiddenTool(presenter.catalog, presenter.view, session.client, name);
  return hidden ? { kind: 'tool', canonical: hidden } : null;
}

/** The error's message for a name that is no tool's: what this session may call instead. */
export function unknownToolMessage(presenter: Presenter, session: ProxySession, name: string): string {
  const names = [...presenter.listing(session).byName.keys()];
  const shown = names.slice(0, 30).join(', ');
  const more = names.length > 30 ? ` and ${names.length - 30} more` : '';
  const hint = hasSearchTool(presenter.view.mode) ? `; ${FIND_TOOLS} finds others` : '';
  return `Unknown tool '${name}'. This session's tools: ${shown || 'none'}${more}${hint}`;
}
