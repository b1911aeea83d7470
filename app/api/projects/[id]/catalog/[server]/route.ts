import { getDb } from '@/db/client';
import { deleteServer, getCatalog, putServerCatalog, serverNotFound } from '@/db/queries/catalog';
import { requireProject } from '@/db/queries/projects';
import { MiB, readJsonBody } from '@/lib/http/body';
import { json } from '@/lib/http/respond';
import { apiRoute } from '@/lib/http/route';
import { parseBody, parseParam } from '@/lib/http/validate';
import { signalCatalogSyncChanged } from '@/lib/mcp/sync-signal';
import { serverNameSchema, toolsListSchema } from '@/lib/schemas/catalog';

type Params = { id: string; server: string };

export const GET = apiRoute<Params>('admin', async ({ params }) => {
  const db = await getDb();
  await requireProject(db, params.id);
  const server = (await getCatalog(db, params.id)).find((s) => s.name === params.server);
  if (!server) throw serverNotFound(params.id, params.server);
  return json(server);
});

/** Takes a `tools/list` result; a changed fingerprint is a new catalog version (§catalog). */
export const PUT = apiRoute<Params>('catalog:write', async ({ req, params }) => {
  const server = parseParam(serverNameSchema, params.server, 'server');
  const body = parseBody(toolsListSchema, await readJsonBody(req, 10 * MiB, '§catalog'), '§catalog');
  const result = await putServerCatalog(await getDb(), params.id, server, body.tools);
  return json(result, { status: result.changed && result.version === 1 ? 201 : 200 });
});

export const DELETE = apiRoute<Params>('admin', async ({ params }) => {
  await deleteServer(await getDb(), params.id, params.server);
  // A live-synced server's listener goes with it.
  signalCatalogSyncChanged();
  return new Response(null, { status: 204 });
});
