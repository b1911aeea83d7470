import { syncRegistrationSchema } from '@/lib/schemas/catalog-sync';
import { getSyncView, registerSyncServer, syncServerNow, unregisterSync } from '@/server/catalog/sync';
import { newServerParams, serverParams } from '@/server/http/params';
import { json } from '@/server/http/respond';
import { apiRoute } from '@/server/http/route';

/** The server's live-sync registration: URL, masked headers, interval, last sync and error. */
export const GET = apiRoute({ access: 'admin', params: serverParams }, async ({ db, params }) => {
  return json(await getSyncView(db, params.id, params.server));
});

/**
 * Register (or change) the Streamable HTTP URL a server's catalog is read from. Its tools/list
 * is read at once; an unreachable or refusing server stores nothing (§catalog).
 */
export const PUT = apiRoute({ access: 'admin', params: newServerParams, body: syncRegistrationSchema, rule: '§catalog' }, async ({ app, params, body }) => {
  const { created, ...result } = await registerSyncServer(app, params.id, params.server, body);
  return json(result, { status: created ? 201 : 200 });
});

/** Sync now: read the server's tools/list; a change is a new catalog version. */
export const POST = apiRoute({ access: 'admin', params: serverParams }, async ({ db, params }) => {
  return json(await syncServerNow(db, params.id, params.server, 'manual'));
});

/** Stop syncing; the catalog stays as last read. */
export const DELETE = apiRoute({ access: 'admin', params: serverParams }, async ({ app, params }) => {
  await unregisterSync(app, params.id, params.server);
  return new Response(null, { status: 204 });
});
