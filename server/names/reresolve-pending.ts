import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { lockProject } from '@/db/queries/projects';
import { queryRows } from '@/db/sql';
import { reresolveProject } from './reresolve';

/**
 * Resolve again the calls of the projects a migration listed in reresolve_pending (§names):
 * run at start, after migrating. Each project is one transaction under its row lock; a project
 * another process drained first, or one since deleted, is skipped. Normally the list is empty.
 */
export async function reresolvePending(db: Db, log: (message: string) => void = () => {}): Promise<number> {
  const pending = await queryRows<{ project_id: string }>(db, sql`select project_id from reresolve_pending order by project_id`);
  let resolved = 0;
  for (const { project_id: projectId } of pending) {
    resolved += await db.transaction(async (tx) => {
      const project = await lockProject(tx, projectId);
      const [claimed] = await queryRows<{ project_id: string }>(tx, sql`delete from reresolve_pending where project_id = ${projectId} returning project_id`);
      if (!project || !claimed) return 0;
      const result = await reresolveProject(tx, projectId, project.metaTools);
      log(`names: ${projectId}: ${result.resolved} stored calls resolved again, ${result.stillUnresolved} still unresolved`);
      return result.resolved;
    });
  }
  return resolved;
}
