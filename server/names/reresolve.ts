import type { Db } from '@/db/client';
import { type RollupKey, rebuildRollup } from '@/db/queries/rollup';
import { resolveEvents, setUnresolvedReasons, type UnresolvedGroup, type UnresolvedReason, unresolvedGroups } from '@/db/queries/unresolved-events';
import { projectServerKey } from '@/db/queries/surface-versions';
import type { NameContext } from '@/lib/names/resolution';
import { mayDependOnTime, resolveCall } from '@/lib/names/resolve';
import { storedCall } from '@/lib/names/stored-call';
import { buildNameContext } from './name-contexts';

export interface ReresolveResult {
  /** Events that now resolve (to a tool or a meta tool). */
  resolved: number;
  stillUnresolved: number;
}

/**
 * Resolve a project's unresolved calls again after its catalog, favourites or meta tools
 * changed, and move their counts into the right rollup rows (§names). Run inside the
 * transaction that made the change, after the change, with the project row locked.
 */
export async function reresolveProject(db: Db, projectId: string, metaTools: readonly string[]): Promise<ReresolveResult> {
  const groups = await unresolvedGroups(db, projectId);
  if (groups.length === 0) return { resolved: 0, stillUnresolved: 0 };
  const context = await buildNameContext(db, projectId, metaTools, (await projectServerKey(db, projectId)) ?? undefined);
  const keys: RollupKey[] = [];
  // Most groups usually stay unresolved: their reasons are written together, not one statement each.
  const reasons: UnresolvedReason[] = [];
  let resolved = 0;
  for (const group of groups) {
    for (const period of periodsSpanning(context, group)) {
      const call = storedCall({ ...group, timestamp: period.at });
      const resolution = resolveCall(call, context);
      if (resolution.kind === 'unresolved') {
        // Most names a catalog change does not touch keep their reason: nothing to write.
        if (resolution.reason !== group.reason) reasons.push({ group, from: period.from, to: period.to, reason: resolution.reason });
        continue;
      }
      const tool = resolution.kind === 'tool' ? resolution.canonical : group.rawName;
      const days = await resolveEvents(db, projectId, group, period, { kind: resolution.kind, tool, namespace: resolution.namespace });
      for (const { day, n } of days) {
        resolved += n;
        keys.push({ day, kind: 'unresolved', tool: group.rawName }, { day, kind: resolution.kind, tool });
      }
    }
  }
  await setUnresolvedReasons(db, projectId, reasons);
  await rebuildRollup(db, projectId, keys);
  const calls = groups.reduce((sum, g) => sum + g.calls, 0);
  return { resolved, stillUnresolved: calls - resolved };
}

/**
 * Only favourites (`favourite/…`, `fav_…`, and client names made of them) depend on when they
 * were called. Every other name resolves the same at any time, so one pass over the whole span
 * does; favourites take one pass per favourites version that was in force during the span.
 */
function periodsSpanning(context: NameContext, group: UnresolvedGroup): { from: number; to: number; at: number }[] {
  const { first, last } = group;
  const whole = [{ from: first, to: last + 1, at: first }];
  if (!mayDependOnTime(group.rawName, group.toolHint)) return whole;
  const periods = context.favourites.periods().filter((p) => p.to > first && p.from <= last);
  if (periods.length <= 1) return whole;
  return periods.map((p) => {
    const from = Math.max(p.from, first);
    return { from, to: Math.min(p.to, last + 1), at: from };
  });
}
