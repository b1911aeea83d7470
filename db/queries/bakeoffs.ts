import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { bakeoffRuns } from '@/db/schema';
import { deleteOwnedRow } from './delete-owned';

export type BakeoffRunRow = typeof bakeoffRuns.$inferSelect;
export type BakeoffRunInsert = typeof bakeoffRuns.$inferInsert;
/** A run without its transcripts: what a list needs. */
export type BakeoffRunHead = Omit<BakeoffRunRow, 'transcripts'>;

export async function insertBakeoffRun(db: Db, run: BakeoffRunInsert): Promise<BakeoffRunRow> {
  const [row] = await db.insert(bakeoffRuns).values(run).returning();
  if (!row) throw new Error('insert … returning yields the row');
  return row;
}

export async function countBakeoffRuns(db: Db, projectId: string): Promise<number> {
  const [counted] = await db.select({ n: count() }).from(bakeoffRuns).where(eq(bakeoffRuns.projectId, projectId));
  return counted?.n ?? 0;
}

/** A project's runs, newest first, without their transcripts. */
export async function listBakeoffRuns(db: Db, projectId: string): Promise<BakeoffRunHead[]> {
  return db
    .select({
      projectId: bakeoffRuns.projectId,
      id: bakeoffRuns.id,
      name: bakeoffRuns.name,
      createdBy: bakeoffRuns.createdBy,
      setup: bakeoffRuns.setup,
      transcriptCount: bakeoffRuns.transcriptCount,
      verdict: bakeoffRuns.verdict,
      createdAt: bakeoffRuns.createdAt,
    })
    .from(bakeoffRuns)
    .where(eq(bakeoffRuns.projectId, projectId))
    .orderBy(desc(bakeoffRuns.createdAt), desc(bakeoffRuns.id));
}

export async function getBakeoffRun(db: Db, projectId: string, id: string): Promise<BakeoffRunRow | null> {
  const [row] = await db
    .select()
    .from(bakeoffRuns)
    .where(and(eq(bakeoffRuns.projectId, projectId), eq(bakeoffRuns.id, id)));
  return row ?? null;
}

/** Forget a run; true when there was one. */
export function deleteBakeoffRun(db: Db, projectId: string, id: string): Promise<boolean> {
  return deleteOwnedRow(db, bakeoffRuns, bakeoffRuns.id, projectId, id);
}
