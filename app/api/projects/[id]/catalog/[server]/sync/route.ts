import { CATALOG_ENDPOINTS } from '@/lib/api/catalog';
import { getSyncView, registerSyncServer, syncServerNow, unregisterSync } from '@/server/catalog/sync';
import { answer, endpointRoute } from '@/server/http/endpoint-route';

/** The server's live-sync registration: URL, masked headers, interval, last sync and error. */
export const GET = endpointRoute(CATALOG_ENDPOINTS.sync, async ({ db, params }) => answer(200, await getSyncView(db, params.id, params.server)));

/**
 * Register (or change) the Streamable HTTP URL a server's catalog is read from. Its tools/list
 * is read at once; an unreachable or refusing server stores nothing (§catalog).
 */
export const PUT = endpointRoute(CATALOG_ENDPOINTS.register, async ({ app, params, body }) => {
  const { created, ...result } = await registerSyncServer(app, params.id, params.server, body);
  return created ? answer(201, result) : answer(200, result);
});

/** Sync now: read the server's tools/list; a change is a new catalog version. */
export const POST = endpointRoute(CATALOG_ENDPOINTS.syncNow, async ({ db, params }) =>
  answer(200, await syncServerNow(db, params.id, params.server, 'manual')),
);

/** Stop syncing; the catalog stays as last read. */
export const DELETE = endpointRoute(CATALOG_ENDPOINTS.unregister, async ({ app, params }) => {
  await unregisterSync(app, params.id, params.server);
  return answer(204, null);
});
