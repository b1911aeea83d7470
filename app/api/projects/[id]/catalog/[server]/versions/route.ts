import { CATALOG_ENDPOINTS } from '@/lib/api/catalog';
import { getCatalogVersions } from '@/server/catalog/catalog';
import { answer, endpointRoute } from '@/server/http/endpoint-route';

export const GET = endpointRoute(CATALOG_ENDPOINTS.versions, async ({ db, params }) =>
  answer(200, { server: params.server, versions: await getCatalogVersions(db, params.id, params.server) }),
);
