import { asc, eq, sql } from 'drizzle-orm';
import { FavouritesTimeline } from '@/lib/names/favourites-timeline';
import { buildNameCatalog } from '@/lib/names/name-catalog';
import { metaToolSet, type NameContext } from '@/lib/names/resolve';
import type { Db } from '../client';
import { catalogServers, catalogVersions, favouriteChanges } from '../schema';

/** The inputs that decide how a project's names resolve; equal keys mean an equal context. */
export interface NameContextKey {
  projectId: string;
  catalogVersion: number;
  favouritesVersion: number;
  metaTools: readonly string[];
}

const CACHE_LIMIT = 256;
const cache = new Map<string, { key: string; context: NameContext }>();

function cacheKey(k: NameContextKey): string {
  return `${k.catalogVersion}|${k.favouritesVersion}|${k.metaTools.join('\u0000')}`;
}

/**
 * The name resolver for a project, built from its catalog and favourites history and cached
 * by their versions: ingest pays for building it once per change, not once per batch.
 */
export async function loadNameContext(db: Db, key: NameContextKey): Promise<NameContext> {
  const wanted = cacheKey(key);
  const hit = cache.get(key.projectId);
  if (hit && hit.key === wanted) return hit.context;
  const context = await buildNameContext(db, key.projectId, key.metaTools);
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(key.projectId, { key: wanted, context });
  return context;
}

export async function buildNameContext(db: Db, projectId: string, metaTools: readonly string[]): Promise<NameContext> {
  const servers = await loadCurrentCatalogNames(db, projectId);
  const history = await db
    .select({ version: favouriteChanges.version, changedAt: favouriteChanges.changedAt, after: favouriteChanges.after })
    .from(favouriteChanges)
    .where(eq(favouriteChanges.projectId, projectId))
    .orderBy(asc(favouriteChanges.version));
  return {
    catalog: buildNameCatalog(servers),
    favourites: new FavouritesTimeline(history.map((h) => ({ version: h.version, since: h.changedAt.getTime(), tools: h.after.tools }))),
    metaTools: metaToolSet(metaTools),
  };
}

async function loadCurrentCatalogNames(db: Db, projectId: string): Promise<{ name: string; tools: { name: string }[] }[]> {
  const rows = await db
    .select({
      name: catalogServers.name,
      toolNames: sql<string[]>`coalesce((select jsonb_agg(t->>'name') from jsonb_array_elements(${catalogVersions.tools}) t), '[]'::jsonb)`,
    })
    .from(catalogServers)
    .innerJoin(
      catalogVersions,
      sql`${catalogVersions.projectId} = ${catalogServers.projectId} and ${catalogVersions.server} = ${catalogServers.name} and ${catalogVersions.version} = ${catalogServers.version}`,
    )
    .where(eq(catalogServers.projectId, projectId))
    .orderBy(asc(catalogServers.position));
  return rows.map((r) => ({ name: r.name, tools: r.toolNames.map((name) => ({ name })) }));
}
