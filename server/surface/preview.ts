import type { PreviewQuery } from '@/lib/schemas/preview-query';
import { surfaceForIdentity } from '@/lib/policy/surface-for-identity';
import { buildPreviewResponse, type PreviewResponse } from '@/lib/surface/preview-response';
import type { AppContext } from '@/server/app-context';
import { runningProxies } from '@/server/proxies/proxies';
import { loadSurfaceInputs } from './inputs';
import { recordedSession } from './sessions';

/**
 * The exact tool list per mode and target, with caps, name problems and tokens (§surface). While
 * a proxy is connected, only the servers connected proxies run count: no model sees the others.
 */
export async function preview(app: AppContext, projectId: string, query: PreviewQuery): Promise<PreviewResponse> {
  const running = await runningProxies(app.db, projectId);
  const inputs = await loadSurfaceInputs(app.db, app.catalogs, projectId, running?.servers ?? null);
  const recorded = query.session ? await recordedSession(app.db, projectId, query.session) : null;
  const proxies = running ? { connected: running.proxies, uploadedOnly: inputs.uploadedOnly } : null;
  const identity = { token: query.token ?? null, client: query.sessionClient ?? null };
  // A proposed list stands in for the stored one, turned on: what the lists would be after the change.
  const favourites = query.favourites ? { ...inputs.favourites, enabled: true, tools: query.favourites } : inputs.favourites;
  // The lists of this identity: what its proxy session lists, by the same restriction (§policy).
  const mine = surfaceForIdentity(inputs.catalog, favourites, inputs.policy, identity);
  return buildPreviewResponse(
    {
      project: projectId,
      surface: inputs.surface,
      favourites: mine.favourites,
      catalog: mine.catalog,
      recorded,
      proxies,
      policy: { identity, hidden: mine.hidden },
    },
    query,
  );
}
