import type { Db } from '@/db/client';
import { currentFingerprints, currentServers } from '@/db/queries/catalog-current';
import { BoundedMap } from '@/lib/bounded-map';
import { catalogKey, type PreparedCatalog, prepareCatalog } from '@/lib/surface/prepared-catalog';
import type { SurfaceServer } from '@/lib/surface/types';

/** A catalog server as a surface needs it: name, fingerprint of its version in force, tools. */
export interface LoadedServer extends SurfaceServer {
  fingerprint: string;
}

/**
 * The process's catalogs, loaded and prepared, shared by every surface, preview and plan of the
 * same catalog. Keyed by the fingerprints they were built from, so nothing ever needs
 * invalidating. Below the surface cache (SurfaceStore) and the surface inputs, which both use it.
 */
export class CatalogCache {
  private readonly catalogs = new BoundedMap<string, PreparedCatalog>(64);
  private readonly loaded = new BoundedMap<string, readonly LoadedServer[]>(16);

  /**
   * A project's catalog in force. Its servers' fingerprints are read first (no tools), and the
   * tools only when no catalog loaded before has those fingerprints: a preview of an unchanged
   * catalog does not read its tools again. The same fingerprints are the same tools, so the key
   * names what was loaded whichever project it was loaded for.
   */
  async currentCatalog(db: Db, projectId: string): Promise<readonly LoadedServer[]> {
    const hit = this.loaded.get(catalogKey(await currentFingerprints(db, projectId)));
    if (hit) return hit;
    const servers = (await currentServers(db, projectId)).map(({ server, current }) => ({
      name: server.name,
      fingerprint: current.fingerprint,
      tools: current.tools,
    }));
    this.loaded.set(catalogKey(servers), servers);
    return servers;
  }

  /** The prepared catalog for these servers (names and fingerprints in order identify it). */
  preparedCatalog(servers: readonly (SurfaceServer & { fingerprint: string })[]): PreparedCatalog {
    const key = catalogKey(servers);
    const hit = this.catalogs.get(key);
    if (hit) return hit;
    const prepared = prepareCatalog(servers.map((s) => ({ name: s.name, tools: s.tools })));
    this.catalogs.set(key, prepared);
    return prepared;
  }
}
