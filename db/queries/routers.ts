import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { routerChanges, routerConfigs } from '@/db/schema';
import { listSavedVersions, type SavedVersionRow, toSavedVersionRow } from './saved-versions';
import type { RoutersConfig } from '@/lib/schemas/routers';

/** A project's routers as stored: null when it never had any (version 0, none). */
export interface StoredRouters {
  config: RoutersConfig;
  version: number;
  updatedAt: Date;
}

export async function findRouters(db: Db, projectId: string): Promise<StoredRouters | null> {
  const [row] = await db
    .select({ config: routerConfigs.config, version: routerConfigs.version, updatedAt: routerConfigs.updatedAt })
    .from(routerConfigs)
    .where(eq(routerConfigs.projectId, projectId));
  return row ?? null;
}

export interface RoutersChange {
  projectId: string;
  version: number;
  changedAt: Date;
  via: string;
  before: RoutersConfig | null;
  after: RoutersConfig;
}

/**
 * Store `after` as the project's routers `version` with its history row, in the caller's
 * transaction (which holds the project row locked and checked the version before).
 */
export async function saveRoutersVersion(db: Db, change: RoutersChange): Promise<StoredRouters> {
  const values = { config: change.after, version: change.version, updatedAt: change.changedAt };
  const [row] = await db
    .insert(routerConfigs)
    .values({ projectId: change.projectId, ...values })
    .onConflictDoUpdate({ target: routerConfigs.projectId, set: values })
    .returning({ config: routerConfigs.config, version: routerConfigs.version, updatedAt: routerConfigs.updatedAt });
  if (!row) throw new Error('an upsert … returning yields its row');
  await db.insert(routerChanges).values(change);
  return row;
}

export type RoutersChangeRow = SavedVersionRow<RoutersConfig>;

/** The history of a project's routers, newest first; `before` pages on to older versions. */
export function listRoutersChanges(db: Db, projectId: string, options: { limit: number; before?: number }): Promise<RoutersChangeRow[]> {
  return listSavedVersions(db, routerChanges, projectId, options);
}

/** One saved version of a project's routers; null when there is none of that number. */
export async function findRoutersChange(db: Db, projectId: string, version: number): Promise<RoutersChangeRow | null> {
  const [row] = await db
    .select()
    .from(routerChanges)
    .where(and(eq(routerChanges.projectId, projectId), eq(routerChanges.version, version)));
  return row ? toSavedVersionRow(row) : null;
}
