import type { Db } from '@/db/client';
import { listRoutersChanges } from '@/db/queries/routers';
import type { RoutersHistory } from '@/lib/contracts/routers';
import { describeRoutersChange, summariseRoutersChange } from '@/lib/routers/change-summary';
import { getRouters } from './routers';

/** A page of the routers history, newest first, each change summarised as people read it. */
export async function routersHistoryPage(db: Db, projectId: string, query: { limit: number; before?: number }): Promise<RoutersHistory> {
  const current = await getRouters(db, projectId);
  const changes = await listRoutersChanges(db, projectId, query);
  const last = changes.at(-1);
  return {
    project: projectId,
    currentVersion: current.version,
    changes: changes.map((c) => ({ ...c, summary: summariseRoutersChange(c.before, c.after), description: describeRoutersChange(c.before, c.after) })),
    next: changes.length === query.limit && last && last.version > 1 ? last.version : null,
  };
}
