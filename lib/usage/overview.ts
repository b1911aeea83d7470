import { windowDays, type UsageWindow } from './window';
import type { ProjectUsageOverview } from '@/lib/contracts/usage';
export type { ProjectUsageOverview } from '@/lib/contracts/usage';

/** Each listed project's calls over the window, with every day present. */
export function projectsOverview(
  window: UsageWindow,
  projectIds: readonly string[],
  rows: readonly { projectId: string; day: string; calls: number }[],
): ProjectUsageOverview[] {
  const days = windowDays(window);
  const byKey = new Map(rows.map((r) => [`${r.projectId}\u0000${r.day}`, r.calls]));
  return projectIds.map((id) => {
    const daily = days.map((day) => ({ day, calls: byKey.get(`${id}\u0000${day}`) ?? 0 }));
    return { id, calls: daily.reduce((sum, d) => sum + d.calls, 0), daily };
  });
}
