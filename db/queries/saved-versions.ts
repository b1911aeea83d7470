import { and, desc, eq, lt } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '@/db/client';

/** A table of savedVersionColumns: a setting's history. */
type SavedVersionsTable<Setting> = PgTable & {
  projectId: AnyPgColumn<{ data: string; notNull: true }>;
  version: AnyPgColumn<{ data: number; notNull: true }>;
  changedAt: AnyPgColumn<{ data: Date; notNull: true }>;
  via: AnyPgColumn<{ data: string; notNull: true }>;
  before: AnyPgColumn<{ data: Setting | null }>;
  after: AnyPgColumn<{ data: Setting; notNull: true }>;
};

/** One saved version of a setting (favourites, policy), as its history lists it. */
export interface SavedVersionRow<Setting> {
  version: number;
  changedAt: string;
  via: string;
  before: Setting | null;
  after: Setting;
}

export function toSavedVersionRow<Setting>(row: {
  version: number;
  changedAt: Date;
  via: string;
  before: Setting | null;
  after: Setting;
}): SavedVersionRow<Setting> {
  return { version: row.version, changedAt: row.changedAt.toISOString(), via: row.via, before: row.before, after: row.after };
}

/** A setting's history, newest first; `before` pages on to older versions. */
export async function listSavedVersions<Setting>(
  db: Db,
  table: SavedVersionsTable<Setting>,
  projectId: string,
  options: { limit: number; before?: number },
): Promise<SavedVersionRow<Setting>[]> {
  const conditions = [eq(table.projectId, projectId)];
  if (options.before !== undefined) conditions.push(lt(table.version, options.before));
  const rows = await db
    .select({ version: table.version, changedAt: table.changedAt, via: table.via, before: table.before, after: table.after })
    .from(table)
    .where(and(...conditions))
    .orderBy(desc(table.version))
    .limit(options.limit);
  return rows.map(toSavedVersionRow);
}
