import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { bakeoffTasks } from '@/db/schema';
import { firstOrNull } from '@/db/sql';
import type { BakeoffTask } from '@/lib/bakeoff/task-schema';

/** A project's bake-off tasks, in the order it keeps them; none when it never kept any. */
export async function projectBakeoffTasks(db: Db, projectId: string): Promise<BakeoffTask[]> {
  const row = await firstOrNull(db.select({ tasks: bakeoffTasks.tasks }).from(bakeoffTasks).where(eq(bakeoffTasks.projectId, projectId)));
  // Sound: only setBakeoffTasks below writes this column, as JSON of BakeoffTask[].
  return row ? (JSON.parse(row.tasks) as BakeoffTask[]) : [];
}

/** Replace a project's bake-off tasks with these. */
export async function setBakeoffTasks(db: Db, projectId: string, tasks: readonly BakeoffTask[]): Promise<void> {
  const value = JSON.stringify(tasks);
  await db
    .insert(bakeoffTasks)
    .values({ projectId, tasks: value })
    .onConflictDoUpdate({ target: bakeoffTasks.projectId, set: { tasks: value, updatedAt: sql`now()` } });
}
