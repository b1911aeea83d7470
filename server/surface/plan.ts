import type { Db } from '@/db/client';
import type { SurfacePlan } from '@/lib/contracts/surface-plan';
import { clientsNamed } from '@/lib/policy/narrow';
import type { SurfaceConfig } from '@/lib/schemas/surface-config';
import { type PlanAudience, planSurfaceChange } from '@/lib/surface/surface-plan';
import { getCatalog } from '@/server/catalog/catalog';
import { getFavourites } from '@/server/favourites/favourites';
import { currentSurface } from '@/server/projects/projects';
import { requireProject } from '@/server/projects/project-locks';
import { getRouters } from '@/server/routers/routers';
import { type ConnectedProxy, connectedProxies } from '@/server/proxies/proxies';
import type { CatalogCache } from './catalog-cache';

const ANYONE = { token: null, client: null };

/**
 * A connected proxy's audiences: its sessions under its token, one apart for each of its clients
 * a rule of the policy names (their lists may differ), and one for its other clients.
 */
function proxyAudiences(proxy: ConnectedProxy, named: ReadonlySet<string>, catalog: PlanAudience['catalog']): PlanAudience[] {
  const { view, token } = proxy;
  const clients = view.clients.map((c) => c.name);
  const apart = clients.filter((c) => named.has(c));
  const rest = clients.filter((c) => !named.has(c));
  const audience = (shown: string[], client: string | null): PlanAudience => ({
    proxy: { id: view.id, host: view.host, clients: shown },
    catalog,
    // The policy names a token by its id (§policy); the review shows its name.
    identity: { token: token?.id ?? null, client },
    shownAs: { token: token?.name ?? null, client },
  });
  return [...apart.map((c) => audience([c], c)), ...(rest.length > 0 || apart.length === 0 ? [audience(rest, null)] : [])];
}

/**
 * What saving `proposed` would change for the clients, saving nothing: per connected proxy its
 * own servers' list (each proxy presents only what it runs) under the tool policy as its token
 * and clients get it, or with none connected the catalog as uploaded, as anyone no rule names.
 */
export async function planSurface(db: Db, catalogs: CatalogCache, projectId: string, proposed: SurfaceConfig): Promise<SurfacePlan> {
  const project = await requireProject(db, projectId);
  const favourites = await getFavourites(db, projectId);
  const routers = await getRouters(db, projectId);
  const servers = await getCatalog(db, projectId);
  const connected = await connectedProxies(db, projectId);
  const named = new Set(clientsNamed(project.policy));
  const audiences: PlanAudience[] =
    connected.length === 0
      ? [{ proxy: null, catalog: catalogs.preparedCatalog(servers), identity: ANYONE, shownAs: ANYONE }]
      : connected.flatMap((proxy) => {
          const runs = new Set(proxy.view.servers.map((s) => s.name));
          return proxyAudiences(proxy, named, catalogs.preparedCatalog(servers.filter((s) => runs.has(s.name))));
        });
  return planSurfaceChange(currentSurface(project), proposed, { favourites, routers: routers.config, policy: project.policy }, audiences);
}
