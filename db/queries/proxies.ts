import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { projectProxies } from '@/db/schema';
import type { ProxyReport } from '@/lib/schemas/proxies';
import { deleteOwnedRow } from './delete-owned';

export type ProxyRow = typeof projectProxies.$inferSelect;

/** Store a proxy's report, the last one winning; the first sighting is kept. */
export async function upsertProxyReport(db: Db, projectId: string, id: string, report: ProxyReport, now: Date): Promise<ProxyRow> {
  const [row] = await db
    .insert(projectProxies)
    .values({ projectId, id, report, firstSeenAt: now, lastSeenAt: now })
    .onConflictDoUpdate({ target: [projectProxies.projectId, projectProxies.id], set: { report, lastSeenAt: now } })
    .returning();
  if (!row) throw new Error('insert … returning yields the row');
  return row;
}

export async function countProxies(db: Db, projectId: string): Promise<number> {
  const [counted] = await db.select({ n: count() }).from(projectProxies).where(eq(projectProxies.projectId, projectId));
  return counted?.n ?? 0;
}

export async function proxyExists(db: Db, projectId: string, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: projectProxies.id })
    .from(projectProxies)
    .where(and(eq(projectProxies.projectId, projectId), eq(projectProxies.id, id)));
  return rows.length > 0;
}

/** A project's proxies, the most recently seen first. */
export async function listProxies(db: Db, projectId: string): Promise<ProxyRow[]> {
  return db.select().from(projectProxies).where(eq(projectProxies.projectId, projectId)).orderBy(desc(projectProxies.lastSeenAt), projectProxies.id);
}

/** Forget a proxy; true when there was one. */
export function deleteProxy(db: Db, projectId: string, id: string): Promise<boolean> {
  return deleteOwnedRow(db, projectProxies, projectProxies.id, projectId, id);
}
