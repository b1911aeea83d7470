import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { queryRows } from '@/db/sql';

/** The favourites and the versions that pick the project's name resolver; null when the project does not exist. */
export interface UsageProjectRow {
  catalogVersion: number;
  metaTools: string[];
  favourites: { enabled: boolean; maxFavourites: number; tools: string[]; version: number };
}

export async function usageProjectRow(db: Db, projectId: string): Promise<UsageProjectRow | null> {
  const [row] = await queryRows<{
    catalog_version: number;
    meta_tools: string[];
    enabled: boolean;
    max_favourites: number;
    tools: string[];
    version: number;
  }>(
    db,
    sql`select p.catalog_version, p.meta_tools, f.enabled, f.max_favourites, f.tools, f.version
        from projects p join favourite_indexes f on f.project_id = p.id
        where p.id = ${projectId}`,
  );
  if (!row) return null;
  return {
    catalogVersion: row.catalog_version,
    metaTools: row.meta_tools,
    favourites: { enabled: row.enabled, maxFavourites: row.max_favourites, tools: row.tools, version: row.version },
  };
}
