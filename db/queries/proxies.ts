import { and, count, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { projectProxies, projectTokens } from '@/db/schema';
import type { ProxyReport } from '@/lib/schemas/proxies';
import { deleteOwnedRow } from './delete-owned';
import { queryRows } from '@/db/sql';

export type ProxyRow = typeof projectProxies.$inferSelect;

/** Who a stored proxy reports under: its token (null for none), and whether that token still works. */
export interface ProxyOwner {
  tokenId: string | null;
  tokenActive: boolean;
  lastSeenAt: Date;
}

/**
 * Store a proxy's report, the last one winning; the first sighting is kept. `tokenId` is the
 * token it reports under from now on (undefined keeps the one it has).
 */
export async function upsertProxyReport(
  db: Db,
  projectId: string,
  id: string,
  report: ProxyReport,
  now: Date,
  tokenId: string | null | undefined,
): Promise<ProxyRow> {
  const [row] = await db
    .insert(projectProxies)
    .values({ projectId, id, report, firstSeenAt: now, lastSeenAt: now, tokenId: tokenId ?? null })
    .onConflictDoUpdate({
      target: [projectProxies.projectId, projectProxies.id],
      set: tokenId === undefined ? { report, lastSeenAt: now } : { report, lastSeenAt: now, tokenId },
    })
    .returning();
  if (!row) throw new Error('insert … returning yields the row');
  return row;
}

/** The proxies a token (null: those reported without one) keeps in a project, seen since `since`. */
export async function countProxiesOf(db: Db, projectId: string, tokenId: string | null, since: Date): Promise<number> {
  const [counted] = await db
    .select({ n: count() })
    .from(projectProxies)
    .where(
      and(
        eq(projectProxies.projectId, projectId),
        tokenId === null ? isNull(projectProxies.tokenId) : eq(projectProxies.tokenId, tokenId),
        gte(projectProxies.lastSeenAt, since),
      ),
    );
  return counted?.n ?? 0;
}

/** Who a proxy reports under; null when the project has no such proxy. */
export async function proxyOwner(db: Db, projectId: string, id: string): Promise<ProxyOwner | null> {
  const [row] = await db
    .select({ tokenId: projectProxies.tokenId, revokedAt: projectTokens.revokedAt, lastSeenAt: projectProxies.lastSeenAt })
    .from(projectProxies)
    .leftJoin(projectTokens, eq(projectTokens.id, projectProxies.tokenId))
    .where(and(eq(projectProxies.projectId, projectId), eq(projectProxies.id, id)));
  if (!row) return null;
  return { tokenId: row.tokenId, tokenActive: row.tokenId !== null && row.revokedAt === null, lastSeenAt: row.lastSeenAt };
}

/** Forget the project's proxies last seen before `before`. */
export async function deleteProxiesSeenBefore(db: Db, projectId: string, before: Date): Promise<void> {
  await db.delete(projectProxies).where(and(eq(projectProxies.projectId, projectId), lt(projectProxies.lastSeenAt, before)));
}

/** A project's proxies seen since `since`, the most recently seen first. */
export async function listProxies(db: Db, projectId: string, since: Date): Promise<ProxyRow[]> {
  return db
    .select()
    .from(projectProxies)
    .where(and(eq(projectProxies.projectId, projectId), gte(projectProxies.lastSeenAt, since)))
    .orderBy(desc(projectProxies.lastSeenAt), projectProxies.id);
}

/** Every project's proxies seen since `since`: the figures of the whole server (GET /metrics). */
export async function listProxiesOfEveryProject(db: Db, since: Date): Promise<ProxyRow[]> {
  return db.select().from(projectProxies).where(gte(projectProxies.lastSeenAt, since));
}

/** Forget a proxy; true when there was one. */
export function deleteProxy(db: Db, projectId: string, id: string): Promise<boolean> {
  return deleteOwnedRow(db, projectProxies, projectProxies.id, projectId, id);
}

/**
 * Hold, until the transaction ends, the claim on a proxy id and on a token's count of proxies
 * (null: the proxies reported without a token), so two first reports never both take the same
 * proxy or the token's last place; then the project row, key-shared so it stays while the
 * proxy is added. Ingest's share of the same row is never waited for: first reports of a new
 * fleet go on beside its traces. False when there is no such project.
 */
export async function lockProxyClaim(db: Db, projectId: string, id: string, tokenId: string | null): Promise<boolean> {
  // The token's key first, the proxy's second, in every transaction: no two wait for each other.
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`favindex.proxies|${projectId}|token|${tokenId ?? ''}`}, 0))`);
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`favindex.proxies|${projectId}|proxy|${id}`}, 0))`);
  const rows = await queryRows<{ id: string }>(db, sql`select id from projects where id = ${projectId} for key share`);
  return rows.length > 0;
}
