import type { Db } from '@/db/client';
import { earlierCatalogTools } from '@/db/queries/catalog-listed';
import { currentCatalogNames } from '@/db/queries/catalog-current';
import { favouritesHistory } from '@/db/queries/favourites-timeline';
import { BoundedMap } from '@/lib/bounded-map';
import { FavouritesTimeline } from '@/lib/names/favourites-timeline';
import { buildNameCatalog } from '@/lib/names/name-catalog';
import type { NameContext } from '@/lib/names/resolution';
import { metaToolSet } from '@/lib/names/meta';

/** The inputs that decide how a project's names resolve; equal keys mean an equal context. */
export interface NameContextKey {
  projectId: string;
  catalogVersion: number;
  favouritesVersion: number;
  metaTools: readonly string[];
}

/** Build a project's name resolver from its catalog in force and its whole favourites history. */
export async function buildNameContext(db: Db, projectId: string, metaTools: readonly string[], serverKey?: string): Promise<NameContext> {
  const [current, earlier, history] = [
    await currentCatalogNames(db, projectId),
    await earlierCatalogTools(db, projectId),
    await favouritesHistory(db, projectId),
  ];
  const servers = current.map((server) => ({ ...server, earlierTools: earlier.get(server.name) }));
  const context: NameContext = { catalog: buildNameCatalog(servers), favourites: new FavouritesTimeline(history), metaTools: metaToolSet(metaTools) };
  return serverKey ? withServerKey(context, serverKey) : context;
}

/** The same resolver, reading client names made with this server key (§names); its caches are shared. */
export function withServerKey(context: NameContext, serverKey: string): NameContext {
  return context.serverKeys?.length === 1 && context.serverKeys[0] === serverKey ? context : { ...context, serverKeys: [serverKey] };
}

/**
 * Name resolvers per project, cached by the versions they were built from: ingest pays for
 * building one once per change, not once per batch. A change gives a new key, so an entry is
 * never stale and nothing needs invalidating.
 */
export class NameContexts {
  private readonly byProject = new BoundedMap<string, { key: string; context: NameContext }>(256);

  async get(db: Db, key: NameContextKey): Promise<NameContext> {
    const wanted = `${key.catalogVersion}|${key.favouritesVersion}|${key.metaTools.join('\u0000')}`;
    const hit = this.byProject.get(key.projectId);
    if (hit && hit.key === wanted) return hit.context;
    const context = await buildNameContext(db, key.projectId, key.metaTools);
    this.byProject.set(key.projectId, { key: wanted, context });
    return context;
  }
}
