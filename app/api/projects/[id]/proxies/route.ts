import { PROXY_ENDPOINTS } from '@/lib/api/proxies';
import { answer, endpointRoute } from '@/server/http/endpoint-route';
import { listProjectProxies } from '@/server/proxies/proxies';

/** The proxies that reported themselves, connected first. */
export const GET = endpointRoute(PROXY_ENDPOINTS.list, async ({ db, params }) => answer(200, await listProjectProxies(db, params.id)));
