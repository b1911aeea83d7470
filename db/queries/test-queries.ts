import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { findabilityTestQueries } from '@/db/schema';
import type { TestQuery } from '@/lib/contracts/findability';
import { firstOrNull } from '@/db/sql';

/** A project's test queries, in the order it keeps them; none when it never kept any. */
export async function testQueries(db: Db, projectId: string): Promise<TestQuery[]> {
  const row = await firstOrNull(
    db.select({ queries: findabilityTestQueries.queries }).from(findabilityTestQueries).where(eq(findabilityTestQueries.projectId, projectId)),
  );
  return row?.queries ?? [];
}

/** Replace a project's test queries with these. */
export async function setTestQueries(db: Db, projectId: string, queries: readonly TestQuery[]): Promise<void> {
  const value = queries.map((q) => ({ query: q.query, tool: q.tool }));
  await db
    .insert(findabilityTestQueries)
    .values({ projectId, queries: value })
    .onConflictDoUpdate({ target: findabilityTestQueries.projectId, set: { queries: value, updatedAt: sql`now()` } });
}
