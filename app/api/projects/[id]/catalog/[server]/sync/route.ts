import { getDb } from '@/db/client';
import { getSyncView, registerSyncServer, syncServerNow, unregisterSync } from '@/db/queries/catalog-sync';
import { readJsonBody } from '@/lib/http/body';
import { json } from '@/lib/http/respond';
import { apiRoute } from '@/lib/http/route';
import { parseBody, parseParam } from '@/lib/http/validate';
import { signalCatalogSyncChanged } from '@/lib/mcp/sync-signal';
import { serverNameSchema } from '@/lib/schemas/catalog';
import { syncRegistrationSchema } from '@/lib/schemas/catalog-sync';

type Params = { id: string; server: string };

/** The server's live-sync registration: URL, masked headers, interval, last sync and error. */
export const GET = apiRoute<Params>('admin', async ({ params }) => {
  return json(await getSyncView(await getDb(), params.id, params.server));
});

/**
 * Register (or change) the Streamable HTTP URL a server's catalog is read from. Its tools/list
 * is read at once; an unreachable or refusing server stores nothing (§catalog).
 */
export const PUT = apiRoute<Params>('admin', async ({ req, params }) => {
  const server = parseParam(serverNameSchema, params.server, 'server');
  const input = parseBody(syncRegistrationSchema, await readJsonBody(req, 64 * 1024, '§catalog'), '§catalog');
  const { created, ...result } = await registerSyncServer(await getDb(), params.id, server, input);
  signalCatalogSyncChanged();
  return json(result, { status: created ? 201 : 200 });
});

/** Sync now: read the server's tools/list; a change is a new catalog version. */
export const POST = apiRoute<Params>('admin', async ({ params }) => {
  return json(await syncServerNow(await getDb(), params.id, params.server, 'manual'));
});

/** Stop syncing; the catalog stays as last read. */
export const DELETE = apiRoute<Params>('admin', async ({ params }) => {
  await unregisterSync(await getDb(), params.id, params.server);
  signalCatalogSyncChanged();
  return new Response(null, { status: 204 });
});
