import { CATALOG_ENDPOINTS } from '@/lib/api/catalog';
import { deleteServer, getCatalogServer } from '@/server/catalog/catalog';
import { putServerCatalog } from '@/server/catalog/put-catalog';
import { answer, endpointRoute } from '@/server/http/endpoint-route';

export const GET = endpointRoute(CATALOG_ENDPOINTS.server, async ({ db, params }) => answer(200, await getCatalogServer(db, params.id, params.server)));

/** Takes a `tools/list` result; a changed fingerprint is a new catalog version (§catalog). */
export const PUT = endpointRoute(CATALOG_ENDPOINTS.upload, async ({ db, params, body }) => {
  const result = await putServerCatalog(db, params.id, params.server, body.tools);
  return result.changed && result.version === 1 ? answer(201, result) : answer(200, result);
});

export const DELETE = endpointRoute(CATALOG_ENDPOINTS.remove, async ({ app, params }) => {
  await deleteServer(app, params.id, params.server);
  return answer(204, null);
});
