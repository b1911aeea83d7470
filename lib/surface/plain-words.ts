import type { NamingScheme, SurfaceMode, TargetId } from '@/lib/schemas/surface-config';
import { TARGETS } from './targets';

/**
 * The project's settings in words a newcomer reads: what the header's pills and the preview's
 * lines mean. Each is one sentence, shown as a tooltip and, where hover does not reach (a
 * phone), in a line or a <details> beside it.
 */
export const MODE_PLAIN: Record<SurfaceMode, string> = {
  off: 'Off: clients get one tool that calls any catalog tool by name, and no list of tools.',
  eager: 'Eager: clients get every catalog tool up front.',
  lazy: 'Lazy: clients get a search tool and only the tools the model switches on with it.',
  pinned: 'Pinned: clients get what lazy gives, plus every tool of the servers called most recently.',
  favindex:
    'Favourites first: clients get your favourite tools up front, and every other tool under an all_ name, with a line telling the model to prefer favourites.',
  deferred: 'Deferred: clients get every tool, favourites loaded in full and the rest by name until the client’s own search loads them.',
  retrieve: 'Retrieve: clients get the few catalog tools that best match the last request, found by a text search.',
};

/** The modes whose list MCP 2026-07-28 changes: those that grew or moved with a session's calls. */
export const STATELESS_CHANGES: ReadonlySet<SurfaceMode> = new Set(['lazy', 'pinned', 'retrieve']);

/** What each mode does differently on MCP 2026-07-28, where `tools/list` may not change with a session's calls. */
export const REVISION_PLAIN: Record<SurfaceMode, string> = {
  off: 'The same on both revisions: this list never depended on a session.',
  eager: 'The same on both revisions: this list never depended on a session.',
  lazy: 'On 2026-07-28 a search activates nothing: the model calls what it finds through mcp_invoke_tool, so the list never grows.',
  pinned:
    'On 2026-07-28 it pins the servers of your favourites instead of the servers a session called, and the model calls what a search finds through mcp_invoke_tool.',
  favindex: 'The same on both revisions: this list never depended on a session.',
  deferred: 'The same on both revisions: this list never depended on a session.',
  retrieve: 'On 2026-07-28 no search is bound to the list: a search returns the best tools and the model calls them through mcp_invoke_tool.',
};

export const NAMING_PLAIN: Record<NamingScheme, string> = {
  safe: 'Safe names: tool names use only letters, digits, _ and - (fav_…, all_<server>_<tool>), which every provider accepts.',
  slash: 'Slash names: tool names hold / (favourite/…, all/<server>/<tool>), which providers refuse; kept for old proxies.',
};

/** What the target is, with its cap in words. */
export function targetPlain(id: TargetId, customCap: number | null = null): string {
  if (id === 'custom') return `Target: a provider with a cap you set${customCap ? ` (${customCap} tools)` : ''}; the tool list is checked against that cap.`;
  const t = TARGETS[id];
  const cap = t.cap === null ? 'no hard cap on the number of tools' : `at most ${t.cap} tools in one request`;
  return `Target: ${t.label}, the provider the tool list is checked against (${cap}${t.namePattern ? ', and its rule for tool names' : ''}).`;
}

/** The short words on a pill: what it is, then its value. */
export function modePill(mode: SurfaceMode): string {
  return mode === 'favindex' ? 'Mode: favourites first' : `Mode: ${mode}`;
}

export function targetPill(id: TargetId): string {
  return `Target: ${id === 'custom' ? 'custom cap' : TARGETS[id].label}`;
}

export function namingPill(naming: NamingScheme): string {
  return `Names: ${naming}`;
}
