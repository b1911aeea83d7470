import { BODY_LIMITS } from '@/lib/limits';
import { toolsListSchema } from '@/lib/schemas/catalog';
import { deleteServer, getCatalogServer } from '@/server/catalog/catalog';
import { putServerCatalog } from '@/server/catalog/put-catalog';
import { newServerParams, serverParams } from '@/server/http/params';
import { json } from '@/server/http/respond';
import { apiRoute } from '@/server/http/route';

export const GET = apiRoute({ access: 'admin', params: serverParams }, async ({ db, params }) => {
  return json(await getCatalogServer(db, params.id, params.server));
});

/** Takes a `tools/list` result; a changed fingerprint is a new catalog version (§catalog). */
export const PUT = apiRoute(
  { access: 'catalog:write', params: newServerParams, body: toolsListSchema, bodyLimit: BODY_LIMITS.catalog, rule: '§catalog' },
  async ({ db, params, body }) => {
    const result = await putServerCatalog(db, params.id, params.server, body.tools);
    return json(result, { status: result.changed && result.version === 1 ? 201 : 200 });
  },
);

export const DELETE = apiRoute({ access: 'admin', params: serverParams }, async ({ app, params }) => {
  await deleteServer(app, params.id, params.server);
  return new Response(null, { status: 204 });
});
