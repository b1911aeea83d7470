import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { adminSessions } from '@/db/schema';

/** Record a session the admin logged in to. */
export async function insertAdminSession(db: Db, id: string, expiresAt: Date): Promise<void> {
  await db.insert(adminSessions).values({ id, expiresAt });
}

/** Whether a session exists and has not expired (database clock). */
export async function adminSessionActive(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: adminSessions.id })
    .from(adminSessions)
    .where(and(eq(adminSessions.id, id), gt(adminSessions.expiresAt, sql`now()`)));
  return row !== undefined;
}

/** End a session (logout); false when there was none. */
export async function deleteAdminSession(db: Db, id: string): Promise<boolean> {
  const deleted = await db.delete(adminSessions).where(eq(adminSessions.id, id)).returning({ id: adminSessions.id });
  return deleted.length > 0;
}

/** Drop the sessions that have expired; they would be refused anyway. */
export async function deleteExpiredAdminSessions(db: Db): Promise<void> {
  await db.delete(adminSessions).where(lte(adminSessions.expiresAt, sql`now()`));
}
