import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { queryRows } from '@/db/sql';

/** What a project's proxies do with the argument check now, as stored (null: a surface from before the setting); null when the project does not exist. */
export async function argumentChecksOf(db: Db, projectId: string): Promise<{ checks: string | null } | null> {
  const [row] = await queryRows<{ checks: string | null }>(db, sql`select surface->>'argumentChecks' as checks from projects where id = ${projectId}`);
  return row ?? null;
}
