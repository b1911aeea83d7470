import type { NamingScheme, SurfaceMode, TargetId } from '@/lib/schemas/surface-config';
import { modeName } from './mode-traits';
import { TARGETS } from './targets';

/**
 * The project's settings in words a newcomer reads: what the header's pills and the preview's
 * lines mean. Each is one sentence, shown as a tooltip and, where hover does not reach (a
 * phone), in a line or a <details> beside it. A mode's words are its traits' (mode-traits.ts).
 */
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
  return `Mode: ${modeName(mode)}`;
}

export function targetPill(id: TargetId): string {
  return `Target: ${id === 'custom' ? 'custom cap' : TARGETS[id].label}`;
}

export function namingPill(naming: NamingScheme): string {
  return `Names: ${naming}`;
}
