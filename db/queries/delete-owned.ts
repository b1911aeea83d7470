import { and, eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '@/db/client';

/** Delete the project's row whose `key` is `value` (a bake-off run, a catalog server, a proxy); false when there was none. */
export async function deleteOwnedRow(
  db: Db,
  table: PgTable & { projectId: AnyPgColumn },
  key: AnyPgColumn,
  projectId: string,
  value: string,
): Promise<boolean> {
  const deleted = await db
    .delete(table)
    .where(and(eq(table.projectId, projectId), eq(key, value)))
    .returning({ key });
  return deleted.length > 0;
}
