import { sql } from 'drizzle-orm';
import { projectNotFound } from '@/lib/errors';
import { splitCanonical } from '@/lib/names/canonical';
import type { FavouriteIndex } from '@/lib/schemas/favourites';
import type { Db } from '../../client';
import { queryRows } from '../../sql';
import { loadNameContext } from '../name-context';

export interface UsageProjectState {
  favourites: FavouriteIndex & { version: number };
  /** Whether a canonical name is in the project's current catalog. */
  catalog: { has(tool: string): boolean };
}

/**
 * What the ranking needs besides the rollup: the current favourites, and the catalog, read
 * from the name resolver that ingest caches per catalog version (so a usage request does not
 * parse every tools/list again). A project that does not exist is a 404.
 */
export async function usageProjectState(db: Db, projectId: string): Promise<UsageProjectState> {
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
  if (!row) throw projectNotFound(projectId);
  const context = await loadNameContext(db, {
    projectId,
    catalogVersion: row.catalog_version,
    favouritesVersion: row.version,
    metaTools: row.meta_tools,
  });
  return {
    favourites: { enabled: row.enabled, maxFavourites: row.max_favourites, tools: row.tools, version: row.version },
    catalog: {
      has(tool) {
        const parts = splitCanonical(tool);
        return parts !== null && (context.catalog.tools.get(parts.server)?.has(parts.tool) ?? false);
      },
    },
  };
}
