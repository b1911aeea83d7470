import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { appSettings } from '@/db/schema';

/**
 * Read a setting, creating it with `initial()` when absent. Concurrent first calls (several
 * processes on one PostgreSQL) race on the insert; all of them read back the one that won.
 */
export async function getOrCreateSetting(db: Db, key: string, initial: () => string): Promise<string> {
  const [found] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
  if (found) return found.value;
  await db.insert(appSettings).values({ key, value: initial() }).onConflictDoNothing();
  const [stored] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
  if (!stored) throw new Error(`setting '${key}' is missing right after it was stored`);
  return stored.value;
}
