import { CATALOG_ENDPOINTS } from '@/lib/api/catalog';
import { getProjectCatalog } from '@/server/catalog/catalog';
import { answer, endpointRoute } from '@/server/http/endpoint-route';

export const GET = endpointRoute(CATALOG_ENDPOINTS.list, async ({ db, params }) => {
  const servers = await getProjectCatalog(db, params.id);
  return answer(200, { project: params.id, toolCount: servers.reduce((n, s) => n + s.toolCount, 0), servers });
});
