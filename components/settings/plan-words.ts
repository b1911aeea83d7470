import type { SurfacePlan, SurfacePlanList } from '@/lib/contracts/surface-plan';
import { countOf } from '@/lib/format';
import { modeNameOf } from '@/lib/surface/mode-traits';
import { fieldLabel, valueText } from './surface-fields';

/** Who receives a list: a proxy by its host and clients, as the Proxies page names it, or the project as uploaded. */
export function audienceLabel(list: SurfacePlanList): string {
  if (!list.proxy) return 'Every client (no proxy is connected: the catalog as uploaded)';
  const clients = list.proxy.clients.length ? list.proxy.clients.join(', ') : 'no client yet';
  return `Proxy on ${list.proxy.host} (${clients})`;
}

export function fieldChangeText(change: SurfacePlan['changes'][number]): string {
  // A mode is said by its name, as everywhere else, not by the id the config holds.
  const text = (value: unknown) => (change.path === 'mode' && typeof value === 'string' ? modeNameOf(value) : valueText(value));
  return `${fieldLabel(change.path)}: ${text(change.before)} → ${text(change.after)}`;
}

/** The sentence the message after an apply keeps: what was saved, and the tools a new session now gets. */
export function outcomeSummary(plan: SurfacePlan): string {
  const saved = plan.changes.map(fieldChangeText).join('; ');
  const lists = plan.lists.map((l) => `${audienceLabel(l)}: ${l.before} → ${countOf(l.after, 'tool')}`).join('; ');
  return `Saved to the project: ${saved || 'no field changed'}. New sessions get — ${lists}.`;
}
